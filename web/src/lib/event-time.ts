// An event's times, written in the event's own time zone (its IANA name, from the server) with
// the zone's abbreviation, in the spec's formats: MM/DD/YYYY, and the time as HH:mm (the
// spec's datetime without the seconds an event does not have): 'Sat 12/05/2026, 09:00–17:00 CST'.

interface Zoned {
  weekday: string;
  /** MM/DD/YYYY */
  date: string;
  /** HH:mm, 24-hour */
  time: string;
  /** CST, EDT, or GMT+1 where the zone has no abbreviation in English. */
  zone: string;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let f = formatters.get(key);
  if (!f) {
    const options: Intl.DateTimeFormatOptions = {
      weekday: 'short',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'short',
    };
    try {
      f = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
    } catch {
      // A zone this browser does not know: the viewer's own, still named by its abbreviation.
      f = new Intl.DateTimeFormat('en-US', options);
    }
    formatters.set(key, f);
  }
  return f;
}

function zoned(iso: string, timeZone: string | undefined): Zoned | undefined {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return undefined;
  const parts: Record<string, string> = {};
  for (const part of formatter(timeZone).formatToParts(date)) parts[part.type] = part.value;
  return {
    weekday: parts.weekday ?? '',
    date: `${parts.month}/${parts.day}/${parts.year}`,
    time: `${parts.hour}:${parts.minute}`,
    zone: parts.timeZoneName ?? '',
  };
}

/** An instant in a zone: '12/05/2026 09:12 CST'; '' for an invalid one. */
export function formatZonedDateTime(iso: string, timeZone?: string): string {
  const at = zoned(iso, timeZone);
  return at ? `${at.date} ${at.time} ${at.zone}` : '';
}

/**
 * When an event is held, in `timeZone` (the event's; the viewer's when undefined): one day
 * 'Sat 12/05/2026, 09:00–17:00 CST'; over several 'Sat 12/05/2026 08:00 – Sun 12/06/2026
 * 18:00 PST'; the zone named at each end when it changes in between (daylight saving time).
 */
export function formatEventWhen(startsAt: string, endsAt: string, timeZone?: string): string {
  const start = zoned(startsAt, timeZone);
  const end = zoned(endsAt, timeZone);
  if (!start || !end) return '';
  if (start.zone !== end.zone) {
    return `${start.weekday} ${start.date} ${start.time} ${start.zone} – ${end.weekday} ${end.date} ${end.time} ${end.zone}`;
  }
  if (start.date === end.date) {
    return `${start.weekday} ${start.date}, ${start.time}–${end.time} ${end.zone}`;
  }
  return `${start.weekday} ${start.date} ${start.time} – ${end.weekday} ${end.date} ${end.time} ${end.zone}`;
}
