import type { ManagedUser } from '@/lib/api/admin-types.ts';
import { useT } from '@/lib/i18n/use-t.ts';
import { paths } from '@/lib/shared/paths.ts';
import Msg from '../common/Msg.tsx';
import UserAvatar from '../common/UserAvatar.tsx';
import RowActions from '../common/list/RowActions.tsx';
import { formatTime } from '../common/ui.ts';
import { roleNamesIn } from './list-query.ts';

/** A user in the users table: who, email, status, roles, dates and the edit link. */
export default function UserRow({
  user,
  roleTitle,
}: {
  user: ManagedUser;
  /** A role's title in the visitor's language. */
  roleTitle: (name: string) => string;
}) {
  const { locale, t } = useT();
  const roleNames = roleNamesIn(user.permissions);
  return (
    <tr className="hover:bg-accent-soft/40">
      <th scope="row" className="px-3 py-2.5 text-left font-normal">
        <div className="flex items-center gap-3">
          <span className="relative shrink-0">
            <UserAvatar avatar={user.avatar} size={36} lazy />
            <span
              className={`absolute -right-0.5 -bottom-0.5 size-3 rounded-full border-2 border-surface ${user.isOnline ? 'bg-green-600 dark:bg-green-400' : 'bg-stone-400 dark:bg-stone-500'}`}
              title={t(user.isOnline ? 'admin.online' : 'admin.offline')}
              aria-hidden="true"
            />
          </span>
          <span className="min-w-0">
            <a
              href={paths.adminUserEdit(user.id)}
              className="block max-w-48 truncate font-medium hover:text-accent hover:underline"
            >
              {user.nickname}
            </a>
            <span className="block max-w-48 truncate text-xs text-muted">
              @{user.username}
              <span className="sr-only">
                {', '}
                <Msg k={user.isOnline ? 'admin.online' : 'admin.offline'} />
              </span>
            </span>
          </span>
        </div>
      </th>
      <td className="max-w-56 truncate px-3 py-2.5">
        {user.email ?? (
          <span className="text-muted">
            <Msg k="admin.none" />
          </span>
        )}
      </td>
      <td className="px-3 py-2.5 whitespace-nowrap">
        {user.isLocked ? (
          <span className="rounded-full bg-warn-soft px-2 py-0.5 text-xs font-medium text-warn-fg">
            <Msg k="admin.locked" />
          </span>
        ) : (
          <span className="text-xs text-muted">
            <Msg k="admin.active" />
          </span>
        )}
      </td>
      <td className="px-3 py-2.5">
        {roleNames.length === 0 ? (
          <span className="text-muted">
            <Msg k="admin.none" />
          </span>
        ) : (
          <ul className="flex flex-wrap gap-1">
            {roleNames.map((name) => (
              <li
                key={name}
                className="rounded-full bg-accent-soft px-2 py-0.5 text-xs whitespace-nowrap text-accent"
              >
                {roleTitle(name)}
              </li>
            ))}
          </ul>
        )}
      </td>
      <td className="px-3 py-2.5 whitespace-nowrap">
        <time dateTime={user.createTime}>{formatTime(user.createTime, locale, false)}</time>
      </td>
      <td className="px-3 py-2.5 whitespace-nowrap">
        <time dateTime={user.updateTime}>{formatTime(user.updateTime, locale, false)}</time>
      </td>
      <RowActions
        editHref={paths.adminUserEdit(user.id)}
        edit={{
          text: 'admin.list.edit',
          label: t('admin.list.editUser', { name: user.username }),
        }}
      />
    </tr>
  );
}
