import { formatDateTimeId } from '@balai/domain';

/** A moment as a <time> element, written in village time: "22 November 2026, 14.05 WIB". */
export function DateTime({ value, className }: { value: string; className?: string }) {
  return (
    <time dateTime={value} className={className}>
      {formatDateTimeId(value)}
    </time>
  );
}
