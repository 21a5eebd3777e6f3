// Times as the person reading them lives them: the machine's own time zone, "2026-11-23 15:05:09",
// with the zone said once where they are listed ("times in Europe/Berlin").

const pad = (value: number) => String(value).padStart(2, "0");

/** "2026-11-23 15:05:09" in this machine's time zone; the text as it is when it is not a time. */
export function localTime(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())} ${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`;
}

/** The machine's time zone by name ("Europe/Berlin", "UTC"). */
export const timeZoneName = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "local time";
