import { useStore } from '@nanostores/react';
import { messageKey } from '@/lib/i18n/index.ts';
import { hasAnyPermission } from '@/lib/shared/permissions.ts';
import { findRoute, isProtected } from '@/lib/shared/routes.ts';
import { SECTIONS } from '@/lib/shared/sections.ts';
import { $user } from '@/lib/stores/session.ts';
import Msg from '../common/Msg.tsx';

/**
 * The index page's grid of sections with a short description each. Sections that list
 * permissions are shown only to users holding one of them; those that need a signed-in user say so.
 */
export default function SectionGrid() {
  const user = useStore($user, { ssr: 'initial' });
  const held = user?.permissions ?? [];
  const visible = SECTIONS.filter(
    (s) => !s.permissions || (user !== null && hasAnyPermission(held, s.permissions)),
  );

  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {visible.map((section) => {
        const route = findRoute(section.href);
        const needsLogin = !user && route !== undefined && isProtected(route);
        return (
          <li key={section.key}>
            <a
              href={section.href}
              className="card group flex h-full flex-col gap-2 p-5 transition-colors hover:border-accent"
            >
              <span className="flex items-center justify-between gap-3">
                <span className="text-lg font-semibold group-hover:text-accent">
                  <Msg k={messageKey(`nav.${section.key}`)} />
                </span>
                {needsLogin && (
                  <span className="shrink-0 rounded-full bg-warn-soft px-2 py-0.5 text-xs font-medium text-warn-fg">
                    <Msg k="section.needsLogin" />
                  </span>
                )}
              </span>
              <span className="text-sm leading-relaxed text-muted">
                <Msg k={messageKey(`section.${section.key}`)} />
              </span>
            </a>
          </li>
        );
      })}
    </ul>
  );
}
