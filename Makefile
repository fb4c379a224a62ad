# Two commands do all set-up on a fresh Debian machine (as root, or with sudo):
#   make site   build the example content into output/ (installs what it needs)
#   make test   run the test suite (installs what it needs)
VENV      := .venv
PY        := $(VENV)/bin/python
BULLETIN  := $(VENV)/bin/bulletin
STAMP     := $(VENV)/.installed
# WeasyPrint loads pango, pangoft2, harfbuzz(-subset) and fontconfig at run time; the PDFs use Noto CJK.
DEB_SITE  := libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0 fontconfig fonts-noto-cjk
# The tests: pdftotext/pdftoppm, Debian's chromium for playwright, whose bundled node needs libatomic.
DEB_TEST  := $(DEB_SITE) poppler-utils chromium libatomic1
SUDO      := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: site test bench matrix lint docs deb-site deb-test clean

site: deb-site $(STAMP)
	$(BULLETIN) build content --output output $(BULLETIN_FLAGS)

test: deb-test $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy site_builder
	$(VENV)/bin/pytest -n 2 --dist loadfile --durations=15  # two processes, a test file each; the 15 slowest steps, then the wall time

bench: deb-site $(STAMP)
	$(PY) bench/run.py

matrix: deb-site $(STAMP)  # every system × every change of the field × every command, 2,250 events
	$(PY) bench/matrix.py --seeds 25

lint: $(STAMP)
	$(VENV)/bin/ruff check .

docs: $(STAMP)
	$(VENV)/bin/mkdocs build --strict  # into build/docs/ (site_dir in mkdocs.yml)

# Debian packages, installed only when missing.
deb-site:
	@missing=$$(for p in $(DEB_SITE); do dpkg -s $$p >/dev/null 2>&1 || echo $$p; done); \
	if [ -n "$$missing" ]; then \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi

deb-test:
	@missing=$$(for p in $(DEB_TEST); do dpkg -s $$p >/dev/null 2>&1 || echo $$p; done); \
	if [ -n "$$missing" ]; then \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi

$(STAMP): pyproject.toml
	test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[dev]'
	$(PY) -m compileall -q site_builder >/dev/null  # start-up stays fast where bytecode is not written
	touch $(STAMP)

clean:
	rm -rf output build/docs $(VENV) .pytest_cache .ruff_cache .mypy_cache
