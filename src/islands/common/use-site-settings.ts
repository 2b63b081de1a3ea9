import { useEffect, useState } from 'react';
import { getSiteSettings, type SiteSettings } from '@/lib/api/settings.ts';

/** What cannot be confirmed is not offered (the settings could not be read). */
const NOTHING_SET_UP: SiteSettings = { githubSignIn: false };

/** The site's settings: null until known (show nothing that depends on them until then). */
export function useSiteSettings(): SiteSettings | null {
  const [settings, setSettings] = useState<SiteSettings | null>(null);
  useEffect(() => {
    let current = true;
    getSiteSettings().then(
      (value) => {
        if (current) setSettings(value);
      },
      () => {
        if (current) setSettings(NOTHING_SET_UP);
      },
    );
    return () => {
      current = false;
    };
  }, []);
  return settings;
}
