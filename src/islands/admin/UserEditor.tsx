import { useStore } from '@nanostores/react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import type { User } from '@/server/user/user.schema.ts';
import type { ManagedUser, RoleInfo } from '@/lib/api/admin-types.ts';
import {
  getManagedUser,
  listRoles,
  sendRecoveryLink,
  setUserLocked,
  setUserRoles,
} from '@/lib/api/admin.ts';
import { localMessage, readFailure, type Notice } from '@/lib/api/failure.ts';
import type { MessageKey } from '@/lib/i18n/index.ts';
import { useT } from '@/lib/i18n/use-t.ts';
import { paths } from '@/lib/shared/paths.ts';
import { ROLE_SUPER_ADMIN } from '@/lib/shared/permissions.ts';
import { $user, updateUser } from '@/lib/stores/session.ts';
import FactList, { type Fact } from '../common/FactList.tsx';
import LoadStateCard from '../common/LoadStateCard.tsx';
import { loadFailure } from '../common/load-failure.ts';
import Msg from '../common/Msg.tsx';
import UserAvatar from '../common/UserAvatar.tsx';
import ConfirmDialog from '../common/ConfirmDialog.tsx';
import Feedback from '../common/Feedback.tsx';
import NoticeText from '../common/NoticeText.tsx';
import { useFeedback } from '../common/use-feedback.ts';
import { roleAuthority, rolesOf, userIdFromPath } from './list-query.ts';
import { BUTTON_BUSY_CLASS, ERROR_CLASS, formatTime } from '../common/ui.ts';

type Loaded =
  | { kind: 'loading' }
  | { kind: 'ready'; user: ManagedUser }
  | { kind: 'missing' }
  | { kind: 'error'; notice: Notice };

/** The plain User record inside a ManagedUser (for the session store, when it is oneself). */
function asUser({ isOnline: _o, hasPassword: _p, githubLinked: _g, ...user }: ManagedUser): User {
  return user;
}

function Panel({
  id,
  titleKey,
  children,
}: {
  id: string;
  titleKey: MessageKey;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className="card min-w-0 p-5 sm:p-6">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        <Msg k={titleKey} />
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function BackLink() {
  return (
    <a href={paths.adminUserList()} className="link text-sm">
      <Msg k="admin.edit.back" />
    </a>
  );
}

/** The details of one user, from the path /admin/user/edit/<id>. */
function Details({ user, locale }: { user: ManagedUser; locale: string }) {
  const facts: Fact[] = [
    [
      'admin.edit.id',
      <code key="id" className="break-all">
        {user.id}
      </code>,
    ],
    ['admin.col.email', user.email ?? <Msg key="none" k="admin.none" />],
    ['admin.col.created', formatTime(user.createTime, locale)],
    ['admin.col.updated', formatTime(user.updateTime, locale)],
    ['admin.edit.password', <Msg key="pw" k={user.hasPassword ? 'admin.yes' : 'admin.no'} />],
    [
      'admin.edit.github',
      <Msg key="gh" k={user.githubLinked ? 'admin.edit.githubLinked' : 'admin.edit.githubNot'} />,
    ],
  ];
  return (
    <section aria-labelledby="user-title" className="card min-w-0 p-5 sm:p-6 lg:col-span-2">
      <div className="flex flex-wrap items-center gap-4">
        <UserAvatar avatar={user.avatar} size={64} />
        <div className="min-w-0">
          <h2 id="user-title" className="truncate text-xl font-semibold">
            {user.nickname}
          </h2>
          <p className="truncate text-sm text-muted">@{user.username}</p>
        </div>
        <ul className="flex flex-wrap gap-2 text-xs font-medium">
          <li
            className={`inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 ${user.isOnline ? 'bg-accent-soft text-accent' : 'bg-bg text-muted'}`}
          >
            <span
              className={`size-2 rounded-full ${user.isOnline ? 'bg-green-600 dark:bg-green-400' : 'bg-stone-400'}`}
              aria-hidden="true"
            />
            <Msg k={user.isOnline ? 'admin.online' : 'admin.offline'} />
          </li>
          {user.isLocked && (
            <li className="rounded-full bg-warn-soft px-2 py-0.5 text-warn-fg">
              <Msg k="admin.locked" />
            </li>
          )}
        </ul>
      </div>
      <FactList facts={facts} columns={2} className="mt-5" />
    </section>
  );
}

/** The editor of /admin/user/edit/{id}: details, lock, recovery link and roles. */
export default function UserEditor() {
  const me = useStore($user, { ssr: 'initial' });
  const { locale } = useT();
  const lock = useFeedback();
  const recover = useFeedback();
  const roleForm = useFeedback();
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  const [roles, setRoles] = useState<RoleInfo[] | null>(null);
  const [rolesError, setRolesError] = useState<Notice | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  const [confirming, setConfirming] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const ids = {
    lockError: useId(),
    recoverError: useId(),
    rolesError: useId(),
    rolesNote: useId(),
  };

  useEffect(() => {
    const id = userIdFromPath(window.location.pathname);
    if (!id) {
      setLoaded({ kind: 'missing' });
      return;
    }
    setLoaded({ kind: 'loading' });
    getManagedUser(id).then(
      (user) => setLoaded({ kind: 'ready', user }),
      (error: unknown) => setLoaded(loadFailure(error)),
    );
    listRoles().then(
      (list) => {
        setRoles(list);
        setRolesError(null);
      },
      (error: unknown) => setRolesError(readFailure(error).notice),
    );
  }, [attempt]);

  const user = loaded.kind === 'ready' ? loaded.user : null;
  const userPermissions = user?.permissions;

  // The checkboxes start from the user's current roles (and again after each save).
  useEffect(() => {
    if (userPermissions && roles) setChosen(rolesOf(userPermissions, roles));
  }, [userPermissions, roles]);

  if (loaded.kind !== 'ready') {
    return (
      <LoadStateCard
        state={loaded}
        words={{
          loading: 'admin.edit.loading',
          missing: 'admin.edit.missing',
          retry: 'admin.retry',
        }}
        onRetry={() => setAttempt((n) => n + 1)}
        back={<BackLink />}
      />
    );
  }

  const target = loaded.user;
  const isSelf = me?.id === target.id;
  const show = (next: ManagedUser) => {
    setLoaded({ kind: 'ready', user: next });
    if (isSelf) updateUser(asUser(next));
  };

  const toggleLock = () => {
    setConfirming(false);
    const locking = !target.isLocked;
    void lock.run(async () => {
      show(await setUserLocked(target.id, locking));
      return {
        key: locking ? 'admin.edit.lockedDone' : 'admin.edit.unlockedDone',
        vars: { name: target.username },
      };
    });
  };

  const sendLink = () =>
    void recover.run(async () => {
      await sendRecoveryLink(target.id);
      return { key: 'admin.edit.recoverSent', vars: { email: target.email ?? '' } };
    });

  const current = roles ? rolesOf(target.permissions, roles) : [];
  const changed =
    roles !== null &&
    (chosen.length !== current.length || chosen.some((name) => !current.includes(name)));
  const droppingOwnAdmin =
    isSelf && roles !== null && !chosen.some((name) => roleAuthority(name) === ROLE_SUPER_ADMIN);

  const saveRoles = () =>
    void roleForm.run(async () => {
      show(await setUserRoles(target.id, chosen));
      return { key: 'admin.edit.rolesSaved' };
    });

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <p className="lg:col-span-2">
        <BackLink />
      </p>
      <Details user={target} locale={locale} />

      <Panel id="user-lock" titleKey="admin.edit.lockTitle">
        <p className="text-sm text-muted">
          <Msg k={target.isLocked ? 'admin.edit.isLocked' : 'admin.edit.isActive'} />
        </p>
        <button
          type="button"
          className={`btn mt-4 ${BUTTON_BUSY_CLASS}`}
          disabled={lock.busy}
          aria-haspopup="dialog"
          onClick={() => {
            lock.reset();
            setConfirming(true);
          }}
        >
          <Msg
            k={
              lock.busy
                ? 'admin.edit.saving'
                : target.isLocked
                  ? 'admin.edit.unlock'
                  : 'admin.edit.lock'
            }
          />
        </button>
        <Feedback feedback={lock.feedback} errorId={ids.lockError} />
        <ConfirmDialog
          open={confirming}
          titleKey={
            target.isLocked ? 'admin.edit.unlockConfirmTitle' : 'admin.edit.lockConfirmTitle'
          }
          confirmKey={target.isLocked ? 'admin.edit.unlock' : 'admin.edit.lock'}
          danger={!target.isLocked}
          onConfirm={toggleLock}
          onCancel={() => setConfirming(false)}
        >
          <Msg
            k={target.isLocked ? 'admin.edit.unlockConfirm' : 'admin.edit.lockConfirm'}
            vars={{ name: target.username }}
          />
        </ConfirmDialog>
      </Panel>

      <Panel id="user-recover" titleKey="admin.edit.recoverTitle">
        <p className="text-sm text-muted">
          {target.email ? (
            <Msg k="admin.edit.recoverDesc" vars={{ email: target.email }} />
          ) : (
            <Msg k="admin.edit.recoverNoEmail" />
          )}
        </p>
        <button
          type="button"
          className={`btn mt-4 ${BUTTON_BUSY_CLASS}`}
          disabled={recover.busy || !target.email}
          onClick={sendLink}
        >
          <Msg k={recover.busy ? 'admin.edit.sending' : 'admin.edit.recoverSend'} />
        </button>
        <Feedback feedback={recover.feedback} errorId={ids.recoverError} />
      </Panel>

      <section aria-labelledby="user-roles-title" className="card min-w-0 p-5 sm:p-6 lg:col-span-2">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            saveRoles();
          }}
        >
          <fieldset aria-describedby={droppingOwnAdmin ? ids.rolesNote : undefined}>
            <legend id="user-roles-title" className="text-lg font-semibold">
              <Msg k="admin.edit.rolesTitle" />
            </legend>
            {rolesError && (
              <div className="mt-3 flex flex-wrap items-center gap-3">
                <p role="alert" className={ERROR_CLASS}>
                  <NoticeText notice={rolesError} />
                </p>
                <button type="button" className="btn" onClick={() => setAttempt((n) => n + 1)}>
                  <Msg k="admin.retry" />
                </button>
              </div>
            )}
            {!roles && !rolesError && (
              <p role="status" className="mt-3 text-sm text-muted">
                <Msg k="admin.edit.loading" />
              </p>
            )}
            {roles && (
              <ul className="mt-3 grid gap-3 sm:grid-cols-3">
                {roles.map((role) => {
                  const checked = chosen.includes(role.name);
                  return (
                    <li key={role.name}>
                      <label
                        className={`flex h-full cursor-pointer gap-3 rounded-lg border p-3 ${checked ? 'border-accent bg-accent-soft/50' : 'border-line'}`}
                      >
                        <input
                          type="checkbox"
                          className="mt-0.5 size-4 shrink-0 accent-accent"
                          checked={checked}
                          disabled={roleForm.busy}
                          onChange={(event) =>
                            setChosen((list) =>
                              event.target.checked
                                ? [...list, role.name]
                                : list.filter((name) => name !== role.name),
                            )
                          }
                        />
                        <span className="min-w-0">
                          <span className="block font-medium">
                            {localMessage(role.title, locale)}
                          </span>
                          <span className="mt-1 block text-xs break-words text-muted">
                            {role.permissions.length > 0 ? role.permissions.join(', ') : '—'}
                          </span>
                        </span>
                      </label>
                    </li>
                  );
                })}
              </ul>
            )}
          </fieldset>
          {droppingOwnAdmin && (
            <p
              id={ids.rolesNote}
              className="mt-3 rounded-md bg-warn-soft px-3 py-2 text-sm text-warn-fg"
            >
              <Msg k="admin.edit.ownAdminWarning" />
            </p>
          )}
          <div className="mt-4 flex flex-wrap gap-2">
            <button
              type="submit"
              className={`btn btn-primary ${BUTTON_BUSY_CLASS}`}
              disabled={roleForm.busy || !changed}
            >
              <Msg k={roleForm.busy ? 'admin.edit.saving' : 'admin.edit.rolesSave'} />
            </button>
            <button
              type="button"
              className={`btn ${BUTTON_BUSY_CLASS}`}
              disabled={roleForm.busy || !changed}
              onClick={() => setChosen(current)}
            >
              <Msg k="admin.edit.rolesReset" />
            </button>
          </div>
          <Feedback feedback={roleForm.feedback} errorId={ids.rolesError} />
        </form>
      </section>
    </div>
  );
}
