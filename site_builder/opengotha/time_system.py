"""OpenGotha's time system (the general parameter set's `basicTime`, `complementaryTimeSystem` and
the overtime's fields) from the content's `time_control:` and back, as `goformats.time_class` reads
a time control. OpenGotha counts no byo-yomi periods: "60 min + 5×30 s byo-yomi" comes back as
"60 min + 30 s byo-yomi"."""

from __future__ import annotations

from collections.abc import Mapping

from site_builder.goformats.time_class import Overtime, TimeControl, TimeControlUnread, read_time

#: OpenGotha's defaults of its time fields, written when the content gives no time control it reads.
DEFAULTS = {"basicTime": "60", "canByoYomiTime": "300", "complementaryTimeSystem": "STDBYOYOMI",
            "fischerTime": "10", "nbMovesCanTime": "15", "stdByoYomiTime": "30"}
#: The attribute that holds the seconds of each overtime.
_SECONDS = {Overtime.BYO_YOMI: "stdByoYomiTime", Overtime.CANADIAN: "canByoYomiTime",
            Overtime.FISCHER: "fischerTime"}


def gotha_time(text: str) -> dict[str, str]:
    """OpenGotha's time fields of a time control's text (its defaults where the text says nothing
    readable)."""
    try:
        control = read_time(text)
    except TimeControlUnread:
        return dict(DEFAULTS)
    fields = DEFAULTS | {"basicTime": f"{round(control.basic)}",
                         "complementaryTimeSystem": control.overtime.value}
    if control.overtime in _SECONDS:
        fields[_SECONDS[control.overtime]] = str(control.seconds)
    if control.overtime is Overtime.CANADIAN:
        fields["nbMovesCanTime"] = str(control.stones)
    return fields


def content_time(general: Mapping[str, str]) -> str:
    """The time control (as `time_control:` writes it) of OpenGotha's general parameter set; "" when
    it gives no basic time or no time system OpenGotha writes."""
    basic, system = general.get("basicTime", ""), general.get("complementaryTimeSystem", "")
    if not basic.isdigit() or system not in Overtime._value2member_map_:
        return ""
    overtime = Overtime(system)
    seconds = general.get(_SECONDS[overtime], "") if overtime in _SECONDS else "0"
    stones = general.get("nbMovesCanTime", "") if overtime is Overtime.CANADIAN else "0"
    if not seconds.isdigit() or not stones.isdigit():
        return ""
    return TimeControl(int(basic), overtime, int(seconds), int(stones)).text
