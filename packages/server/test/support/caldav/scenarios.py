#!/usr/bin/python3
"""
CalDAV client scenarios with python3-caldav, run alike against Ordo and Radicale (the reference
server) by packages/server/test/caldav-reference.test.ts. Usage:

    scenarios.py BASE_URL USERNAME PASSWORD

starts from the bare server address (discovery), makes a task list, fills it, queries it, syncs
it after changes and a deletion, and fetches objects by multiget; then queries a list of repeating
tasks by time ranges that only later instances reach. Prints one JSON object with what
a user of the client would see: names, UIDs and statuses, never server-specific URLs or tokens.
"""
import json
import sys
from datetime import datetime, timezone
from urllib.parse import urlparse

import caldav
from lxml import etree
from caldav.elements import cdav, dav

BASE, USER, PASSWORD = sys.argv[1:4]
LIST_ID = "harness-list"


def vtodo(uid, *lines):
    return "\r\n".join(
        ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//harness//EN", "BEGIN:VTODO", f"UID:{uid}", *lines]
        + ["END:VTODO", "END:VCALENDAR", ""]
    )


TODOS = {
    "t1": vtodo("t1", "SUMMARY:Buy milk", "DUE:20260615T120000Z"),
    "t2": vtodo("t2", "SUMMARY:Pay rent", "DTSTART:20260701T000000Z", "DUE:20260705T000000Z"),
    "t3": vtodo("t3", "SUMMARY:Call mum"),
    "t4": vtodo("t4", "SUMMARY:File taxes", "STATUS:COMPLETED", "COMPLETED:20260301T100000Z",
                "DUE:20260301T000000Z"),
}

# Repeating tasks: a weekly one; Mondays and Thursdays six times (BYDAY, COUNT); every second
# month by its due date alone; every other day until a date, less one (INTERVAL, UNTIL, EXDATE);
# one that does not repeat; and one with no rule, due again on dates it lists (RDATE), less one.
REPEATING = {
    "r1": vtodo("r1", "SUMMARY:Water plants", "DTSTART:20260105T090000Z", "DUE:20260105T100000Z",
                "RRULE:FREQ=WEEKLY"),
    "r2": vtodo("r2", "SUMMARY:Gym", "DTSTART:20260302T090000Z", "RRULE:FREQ=WEEKLY;BYDAY=MO,TH;COUNT=6"),
    "r3": vtodo("r3", "SUMMARY:Report", "DUE:20250115T120000Z", "RRULE:FREQ=MONTHLY;INTERVAL=2"),
    "r4": vtodo("r4", "SUMMARY:Stretch", "DTSTART:20260301T070000Z", "DUE:20260301T080000Z",
                "RRULE:FREQ=DAILY;INTERVAL=2;UNTIL=20260310T070000Z", "EXDATE:20260305T070000Z"),
    "r5": vtodo("r5", "SUMMARY:Buy milk", "DUE:20260615T120000Z"),
    "r6": vtodo("r6", "SUMMARY:Service the boiler", "DUE:20260115T090000Z",
                "RDATE:20260520T090000Z,20260909T090000Z,20400605T090000Z", "EXDATE:20260909T090000Z"),
}
REPEATING_RANGES = {
    "june": ((2026, 6, 1), (2026, 7, 1)),
    "mid_july": ((2026, 7, 10), (2026, 7, 20)),
    "march_16": ((2026, 3, 16), (2026, 3, 17)),
    "march_23": ((2026, 3, 23), (2026, 3, 24)),
    "march_5": ((2026, 3, 5), (2026, 3, 6)),
    "march_7": ((2026, 3, 7), (2026, 3, 8)),
    "december_2025": ((2025, 12, 1), (2026, 1, 1)),
    "january_15": ((2026, 1, 15), (2026, 1, 16)),
    "may_20": ((2026, 5, 20), (2026, 5, 21)),
    "may_21": ((2026, 5, 21), (2026, 5, 22)),
    "september_9": ((2026, 9, 9), (2026, 9, 10)),
    "june_2040": ((2040, 6, 1), (2040, 7, 1)),
}


def uid_of(obj):
    return str(obj.icalendar_component["UID"])


def uids(objects):
    return sorted(uid_of(o) for o in objects)


def name_of(url):
    """The object's resource name, without the collection path or .ics."""
    return urlparse(str(url)).path.rstrip("/").rsplit("/", 1)[-1].removesuffix(".ics")


def main():
    results = {}
    client = caldav.DAVClient(url=BASE, username=USER, password=PASSWORD)

    # Discovery from the bare server address: principal, then its calendar home.
    principal = client.principal()
    home = principal.calendar_home_set
    results["discovery"] = {"principal": principal.url is not None, "home": home.url is not None}

    # A new task list, found again by its name among the user's calendars.
    calendar = principal.make_calendar(
        name="Harness list", cal_id=LIST_ID, supported_calendar_component_set=["VTODO"]
    )
    listed = [c for c in principal.calendars() if c.get_display_name() == "Harness list"]
    results["make_calendar"] = {
        "displayname": calendar.get_display_name(),
        "listed": len(listed),
    }

    for ics in TODOS.values():
        calendar.save_todo(ics)
    results["all"] = uids(calendar.todos(include_completed=True))
    # Pending tasks: the library sends is-not-defined and negated text-match queries.
    results["pending"] = uids(calendar.todos())
    june = calendar.search(
        todo=True, include_completed=True,
        start=datetime(2026, 6, 1, tzinfo=timezone.utc), end=datetime(2026, 7, 1, tzinfo=timezone.utc),
    )
    results["time_range_june"] = uids(june)
    later = calendar.search(
        todo=True, include_completed=True,
        start=datetime(2030, 1, 1, tzinfo=timezone.utc), end=datetime(2030, 2, 1, tzinfo=timezone.utc),
    )
    results["time_range_2030"] = uids(later)
    results["summary_milk"] = uids(calendar.search(todo=True, include_completed=True, summary="milk"))

    # Sync: everything first; then an edit, a deletion and an addition; then nothing.
    synced = calendar.objects_by_sync_token(load_objects=True)
    results["sync_initial"] = uids(synced)
    first = calendar.todo_by_uid("t1")
    first.icalendar_component["SUMMARY"] = "Buy oat milk"
    first.save()
    calendar.todo_by_uid("t3").delete()
    calendar.save_todo(vtodo("t5", "SUMMARY:Water plants"))
    updated, deleted = synced.sync()
    results["sync_changes"] = {
        "updated": uids(updated),
        "deleted": sorted(name_of(o.url) for o in deleted),
        "summaries": sorted(str(o.icalendar_component["SUMMARY"]) for o in updated),
    }
    updated, deleted = synced.sync()
    results["sync_idle"] = {"updated": len(updated), "deleted": len(deleted)}
    results["after_sync"] = uids(synced.objects)

    # Multiget: two known hrefs and one that is not there.
    known = {name_of(o.url): o.url for o in synced.objects}
    asked = [urlparse(str(known["t1"])).path, urlparse(str(known["t2"])).path]
    missing = urlparse(str(calendar.url.join("nothing-here.ics"))).path
    query = cdav.CalendarMultiGet() + (dav.Prop() + [dav.GetEtag(), cdav.CalendarData()]) + [
        dav.Href(value=h) for h in [*asked, missing]
    ]
    body = etree.tostring(query.xmlelement(), encoding="utf-8", xml_declaration=True)
    response = client.report(str(calendar.url), body, depth=1)
    statuses = {}
    for r in response.tree.findall("{DAV:}response"):
        href = r.find("{DAV:}href").text
        status = r.find("{DAV:}status")
        data = r.find(".//{urn:ietf:params:xml:ns:caldav}calendar-data")
        if status is not None and " 404 " in status.text:
            statuses[name_of(href)] = 404
        else:
            statuses[name_of(href)] = 200 if data is not None and "BEGIN:VTODO" in data.text else "no data"
    results["multiget"] = statuses

    # Deleting the list.
    calendar.delete()
    results["after_delete"] = len(
        [c for c in principal.calendars() if c.get_display_name() == "Harness list"]
    )

    results["repeating"] = repeating(principal)
    print(json.dumps(results, sort_keys=True))


def repeating(principal):
    """The repeating tasks each time range finds, in a list of their own."""
    calendar = principal.make_calendar(
        name="Harness repeats", cal_id="harness-repeats", supported_calendar_component_set=["VTODO"]
    )
    for ics in REPEATING.values():
        calendar.save_todo(ics)
    found = {}
    for name, (start, end) in REPEATING_RANGES.items():
        found[name] = uids(calendar.search(
            todo=True, include_completed=True,
            start=datetime(*start, tzinfo=timezone.utc), end=datetime(*end, tzinfo=timezone.utc),
        ))
    calendar.delete()
    return found


if __name__ == "__main__":
    main()
