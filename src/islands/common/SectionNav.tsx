import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { messageKey } from '@/lib/i18n/index.ts';
import { hasAnyPermission } from '@/lib/shared/permissions.ts';
import { SECTIONS, type Section } from '@/lib/shared/sections.ts';
import { $user } from '@/lib/stores/session.ts';
import Icon from './Icon.tsx';
import Msg from './Msg.tsx';

interface Props {
  /** The path of the page being shown, to mark its section as current. */
  currentPath: string;
}

/** How closely a section's URL matches a path: the length of the longest matching prefix, or 0. */
function matchLength(section: Section, path: string): number {
  const prefixes = [section.href, `/${section.href.split('/')[1] ?? ''}`];
  return Math.max(
    0,
    ...prefixes
      .filter((p) => p !== '/' && (path === p || path.startsWith(`${p}/`)))
      .map((p) => p.length),
  );
}

/**
 * The header's links to every section. Sections that list permissions appear only for users who
 * hold one of them. Wide screens show a row; narrow ones a disclosure menu.
 */
export default function SectionNav({ currentPath }: Props) {
  const user = useStore($user, { ssr: 'initial' });
  const menu = useRef<HTMLDetailsElement>(null);
  const held = user?.permissions ?? [];
  const visible = SECTIONS.filter(
    (s) => !s.permissions || (user && hasAnyPermission(held, s.permissions)),
  );

  useEffect(() => {
    const details = menu.current;
    if (!details) return;
    const close = (event: Event) => {
      if (!details.open) return;
      if (event instanceof KeyboardEvent) {
        if (event.key !== 'Escape') return;
        details.open = false;
        details.querySelector('summary')?.focus();
      } else if (!details.contains(event.target as Node)) {
        details.open = false;
      }
    };
    document.addEventListener('keydown', close);
    document.addEventListener('click', close);
    return () => {
      document.removeEventListener('keydown', close);
      document.removeEventListener('click', close);
    };
  }, []);

  const path = currentPath.replace(/\/+$/, '') || '/';
  const best = Math.max(0, ...visible.map((s) => matchLength(s, path)));
  const links = (className: string) =>
    visible.map((section) => {
      const current = best > 0 && matchLength(section, path) === best;
      return (
        <li key={section.key}>
          <a
            href={section.href}
            aria-current={current ? 'page' : undefined}
            className={`${className} ${current ? 'text-accent' : ''}`}
          >
            <Msg k={messageKey(`nav.${section.key}`)} />
          </a>
        </li>
      );
    });

  return (
    <>
      <ul className="hidden flex-wrap items-center gap-x-0.5 xl:flex">
        {links(
          'block whitespace-nowrap rounded-md px-1.5 py-2 text-sm font-medium hover:bg-accent-soft hover:text-accent aria-[current=page]:underline aria-[current=page]:underline-offset-4',
        )}
      </ul>
      <details ref={menu} className="group xl:hidden">
        <summary className="icon-btn w-auto cursor-pointer list-none gap-1 px-2 [&::-webkit-details-marker]:hidden">
          <Icon name="menu" />
          <span className="sr-only whitespace-nowrap text-sm font-medium sm:not-sr-only">
            <Msg k="a11y.menu" />
          </span>
        </summary>
        <ul className="absolute inset-x-0 top-full z-20 grid grid-cols-2 gap-1 border-b border-line bg-surface p-3 shadow-lg sm:grid-cols-3">
          {links(
            'block rounded-md px-3 py-2.5 text-sm font-medium hover:bg-accent-soft hover:text-accent aria-[current=page]:bg-accent-soft',
          )}
        </ul>
      </details>
    </>
  );
}
