import { useT } from '@/lib/i18n/use-t.ts';
import { flagOf } from '@/lib/shared/proxy/region.ts';
import { regionByCode, regionName } from './format.ts';

/** The flag of a node's region, named for screen readers; a blank of the same width for none. */
export default function NodeFlag({ region }: { region: string | null }) {
  const { locale } = useT();
  const found = regionByCode(region);
  if (!found) return <span className="inline-block w-6 shrink-0" aria-hidden="true" />;
  const name = regionName(found, locale);
  return (
    <span
      role="img"
      aria-label={name}
      title={name}
      className="inline-block w-6 shrink-0 text-lg leading-none"
    >
      {flagOf(found.code)}
    </span>
  );
}
