"""The sort keys of names (`views.name_order`: a Chinese name's pinyin) that one build hands to the
next, in the build's store under the digest of the software that computed them: a rebuild that
meets only names seen before never loads pypinyin's dictionary, and keys of other software are
never used."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from site_builder.cache.fingerprint import software
from site_builder.cache.store import Store
from site_builder.views.name_order import known_keys, recalled

NAMESPACE = "names"


@contextmanager
def names_recalled(store: Store) -> Iterator[None]:
    """Within, the keys the last build of this software left in `store` count as known; after, the
    keys known then are left for the next build, when some of them were not recalled."""
    key = software().hex()
    keys = store.get(NAMESPACE, key)
    keys = keys if isinstance(keys, dict) else {}
    with recalled(keys):
        yield
        known = known_keys()
        if known.keys() - keys.keys():
            store.put(NAMESPACE, key, known)
