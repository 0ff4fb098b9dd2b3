import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { MB } from '../../shared/domain/sizes';

/**
 * Numbers, sizes, durations, dates and times in the UI language's own way, through Intl. The
 * pseudo-language formats as English (Intl has no data for it).
 */
export function formatsFor(language: string) {
  const number = new Intl.NumberFormat(language);
  const compact = new Intl.NumberFormat(language, { notation: 'compact', maximumFractionDigits: 1 });
  const megabytes = new Intl.NumberFormat(language, { style: 'unit', unit: 'megabyte', minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const kilobytes = new Intl.NumberFormat(language, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 0 });
  // Long: the short unit is "byte" whatever the count in English ("0 byte"), and "B" in others.
  const bytes = new Intl.NumberFormat(language, { style: 'unit', unit: 'byte', unitDisplay: 'long' });
  const dateTime = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
  const date = new Intl.DateTimeFormat(language, { dateStyle: 'medium' });
  const time = new Intl.DateTimeFormat(language, { timeStyle: 'short' });
  const list = new Intl.ListFormat(language, { type: 'conjunction' });
  const relative = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  return {
    number: (n: number) => number.format(n),
    /** "12K", "1.2M": a count read at a glance (a chip's tokens). */
    compact: (n: number) => compact.format(n),
    /** Binary megabytes with one decimal, the unit the service's own limit is given in. */
    size: (bytes: number) => megabytes.format(bytes / MB),
    /** A file's size in the unit that reads best: megabytes from a tenth of one, then kilobytes, then bytes. */
    fileSize: (n: number) => (n >= MB / 10 ? megabytes.format(n / MB) : n >= 1024 ? kilobytes.format(n / 1024) : bytes.format(n)),
    /** "1 h 5 min", "3 min 20 s", in the language's units. */
    duration: (seconds: number) => {
      const whole = Math.round(seconds);
      const parts = { hours: Math.floor(whole / 3600), minutes: Math.floor((whole % 3600) / 60), seconds: whole % 60 };
      return new Intl.DurationFormat(language, { style: 'short' }).format(
        parts.hours > 0 ? { hours: parts.hours, minutes: parts.minutes } : parts.minutes > 0 ? { minutes: parts.minutes, seconds: parts.seconds } : { seconds: parts.seconds },
      );
    },
    dateTime: (at: Date | number) => dateTime.format(at),
    date: (at: Date | number) => date.format(at),
    time: (at: Date | number) => time.format(at),
    list: (items: string[]) => list.format(items),
    relative: (value: number, unit: Intl.RelativeTimeFormatUnit) => relative.format(value, unit),
  };
}

export type Formats = ReturnType<typeof formatsFor>;

/** The formats for the language the UI is in now; re-renders with it when it changes. */
export function useFormats(): Formats {
  const { i18n } = useTranslation();
  return useMemo(() => formatsFor(i18n.language), [i18n.language]);
}
