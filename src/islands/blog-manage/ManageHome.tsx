import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { listContactMessages } from '@/lib/api/contact.ts';
import type { MessageKey } from '@/lib/i18n/index.ts';
import { paths } from '@/lib/shared/paths.ts';
import type { TermKind } from '@/lib/shared/term-kinds.ts';
import { Permission, ROLE_SUPER_ADMIN, hasAnyPermission } from '@/lib/shared/permissions.ts';
import { $user } from '@/lib/stores/session.ts';
import Msg from '../common/Msg.tsx';

type Kind = 'article' | TermKind;

const KINDS: readonly {
  kind: Kind;
  permission: string;
  list: MessageKey;
  add: MessageKey;
  about: MessageKey;
}[] = [
  {
    kind: 'article',
    permission: Permission.BLOG_ARTICLE_MANAGE,
    list: 'page.article.list',
    add: 'page.article.add',
    about: 'desc.kind.article',
  },
  {
    kind: 'category',
    permission: Permission.BLOG_CATEGORY_MANAGE,
    list: 'page.category.list',
    add: 'page.category.add',
    about: 'desc.kind.category',
  },
  {
    kind: 'tag',
    permission: Permission.BLOG_TAG_MANAGE,
    list: 'page.tag.list',
    add: 'page.tag.add',
    about: 'desc.kind.tag',
  },
];

/**
 * The links of /blog/manage: the lists (and "new") the signed-in user may manage, and the owner's
 * inbox with its number of unread messages for the super admin.
 */
export default function ManageHome() {
  const user = useStore($user, { ssr: 'initial' });
  const held = user?.permissions ?? [];
  const isOwner = hasAnyPermission(held, [ROLE_SUPER_ADMIN]) && user !== null;
  const [unread, setUnread] = useState<number | null>(null);

  useEffect(() => {
    if (!isOwner) return;
    let current = true;
    listContactMessages({ pageNum: 1, pageSize: 1, unread: true }).then(
      (page) => {
        if (current) setUnread(page.totalRecordNum);
      },
      () => {
        if (current) setUnread(null);
      },
    );
    return () => {
      current = false;
    };
  }, [isOwner]);

  if (user === null) return null;
  const kinds = KINDS.filter((k) => hasAnyPermission(held, [k.permission]));

  return (
    <nav aria-labelledby="manage-links" className="grid gap-4">
      <h2 id="manage-links" className="sr-only">
        <Msg k="blogManage.home.links" />
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
        {kinds.map(({ kind, list, add, about }) => (
          <li key={kind} className="card flex flex-col gap-3 p-4">
            <a
              className="text-lg font-semibold hover:text-accent hover:underline"
              href={paths.blogManageList(kind)}
            >
              <Msg k={list} />
            </a>
            <p className="flex-1 text-sm text-muted">
              <Msg k={about} />
            </p>
            <a className="link text-sm" href={paths.blogManageAdd(kind)}>
              <Msg k={add} />
            </a>
          </li>
        ))}
        {isOwner && (
          <li className="card flex flex-col gap-3 p-4">
            <a
              className="text-lg font-semibold hover:text-accent hover:underline"
              href={paths.blogContactInbox()}
            >
              <Msg k="page.contactInbox" />
            </a>
            <p className="flex-1 text-sm text-muted">
              <Msg k="blogManage.inbox.about" />
            </p>
            {unread !== null && (
              <p className="text-sm">
                <Msg
                  k={unread === 0 ? 'blogManage.home.noUnread' : 'blogManage.home.unread'}
                  vars={{ count: unread }}
                />
              </p>
            )}
          </li>
        )}
      </ul>
    </nav>
  );
}
