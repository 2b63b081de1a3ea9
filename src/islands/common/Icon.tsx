import { ICON_PATHS, type IconName } from '@/lib/icons.ts';

export type { IconName };

/** A decorative stroke icon (hidden from assistive technology; label the control instead). */
export default function Icon({
  name,
  className = 'size-5',
}: {
  name: IconName;
  className?: string;
}) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={ICON_PATHS[name]} />
    </svg>
  );
}
