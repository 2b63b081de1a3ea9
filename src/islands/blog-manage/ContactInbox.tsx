import { useId, useState } from 'react';
import { listContactMessages, markContactRead, type ContactMessage } from '@/lib/api/contact.ts';
import { readFailure, type Notice } from '@/lib/api/failure.ts';
import type { MessageKey } from '@/lib/i18n/index.ts';
import { useT } from '@/lib/i18n/use-t.ts';
import Msg from '../common/Msg.tsx';
import NoticeText from '../common/NoticeText.tsx';
import ListStatus from '../common/list/ListStatus.tsx';
import Pager from '../common/list/Pager.tsx';
import { usePagedList } from '../common/list/use-paged-list.ts';
import { replaceRecord } from '../common/list/use-paged-rows.ts';
import { BUTTON_BUSY_CLASS, ERROR_CLASS, SMALL_BUTTON_CLASS, formatTime } from '../common/ui.ts';
import { MANAGE_LIST_WORDS as WORDS } from './list-words.ts';
import {
  INBOX_PAGE_SIZE,
  formatInboxState,
  parseInboxState,
  type InboxState,
} from './list-query.ts';

const START: InboxState = { pageNum: 1, unread: false };

const MAIL_KEY: Record<ContactMessage['mailStatus'], MessageKey> = {
  none: 'blogManage.inbox.mail.none',
  pending: 'blogManage.inbox.mail.pending',
  sent: 'blogManage.inbox.mail.sent',
  failed: 'blogManage.inbox.mail.failed',
};

/** A reply in the visitor's mail program: to the sender, "Re: <subject>". */
function replyHref(message: ContactMessage): string {
  const subject = /^re:/i.test(message.subject) ? message.subject : `Re: ${message.subject}`;
  return `mailto:${encodeURIComponent(message.email)}?subject=${encodeURIComponent(subject)}`;
}

/** The owner's inbox (/blog/manage/contact/list): messages newest first, unread only on request. */
export default function ContactInbox() {
  const { locale, t } = useT();
  const [marking, setMarking] = useState<string | null>(null);
  const [markError, setMarkError] = useState<{ id: string; notice: Notice } | null>(null);
  const ids = { unread: useId(), heading: useId() };

  const list = usePagedList<InboxState, ContactMessage>({
    initial: START,
    parse: parseInboxState,
    format: formatInboxState,
    load: (s) =>
      listContactMessages({ pageNum: s.pageNum, pageSize: INBOX_PAGE_SIZE, unread: s.unread }),
  });
  const { state, setRows, page, loading } = list;

  const markRead = async (message: ContactMessage) => {
    setMarking(message.id);
    setMarkError(null);
    try {
      const updated = await markContactRead(message.id);
      setRows((r) => replaceRecord(r, updated));
    } catch (error) {
      setMarkError({ id: message.id, notice: readFailure(error).notice });
    } finally {
      setMarking(null);
    }
  };

  return (
    <div className="grid max-w-4xl gap-4">
      <div className="card flex flex-wrap items-center justify-between gap-3 p-4">
        <div className="flex items-center gap-2">
          <input
            id={ids.unread}
            type="checkbox"
            checked={state.unread}
            onChange={(event) => list.update({ unread: event.target.checked })}
            className="size-4 accent-[var(--atrium-accent)]"
          />
          <label htmlFor={ids.unread} className="text-sm font-medium">
            <Msg k="blogManage.inbox.unreadOnly" />
          </label>
        </div>
        <p className="text-sm text-muted">
          {page && <Msg k={WORDS.total} vars={{ count: page.totalRecordNum }} />}
        </p>
      </div>

      <ListStatus
        loading={loading}
        count={list.rows.kind === 'ready' ? list.rows.page.totalRecordNum : null}
        error={list.rows.kind === 'error' ? list.rows.text : null}
        onRetry={list.reload}
        words={WORDS}
        errorClassName="card p-4"
      />

      {!page && loading && (
        <p className="card p-5 text-muted">
          <Msg k="blogManage.list.loading" />
        </p>
      )}

      {page && page.records.length === 0 && (
        <p className="card p-8 text-center text-muted">
          <Msg k={state.unread ? 'blogManage.inbox.noUnread' : 'blogManage.inbox.empty'} />
        </p>
      )}

      {page && page.records.length > 0 && (
        <section aria-labelledby={ids.heading} aria-busy={loading}>
          <h2 id={ids.heading} className="sr-only">
            <Msg k="blogManage.inbox.messages" />
          </h2>
          <ul className={`grid gap-3 ${loading ? 'opacity-60' : ''}`}>
            {page.records.map((message) => {
              const unread = message.readTime === null;
              return (
                <li key={message.id}>
                  <article
                    aria-labelledby={`msg-${message.id}`}
                    className={`card p-5 ${unread ? 'border-l-4 border-l-accent' : ''}`}
                  >
                    <header className="flex flex-wrap items-start justify-between gap-2">
                      <div className="min-w-0">
                        <h3 id={`msg-${message.id}`} className="font-semibold break-words">
                          {unread && (
                            <span className="mr-2 rounded-full bg-accent-soft px-2 py-0.5 align-middle text-xs font-medium text-accent">
                              <Msg k="blogManage.inbox.unread" />
                            </span>
                          )}
                          {message.subject}
                        </h3>
                        <p className="mt-1 text-sm text-muted">
                          <a className="link" href={replyHref(message)}>
                            {message.email}
                          </a>
                          {' · '}
                          <time dateTime={message.createTime}>
                            {formatTime(message.createTime, locale)}
                          </time>
                        </p>
                      </div>
                      <span className="rounded-full border border-line px-2 py-0.5 text-xs text-muted">
                        <Msg k={MAIL_KEY[message.mailStatus]} />
                      </span>
                    </header>
                    <p className="mt-3 text-sm leading-relaxed break-words whitespace-pre-wrap">
                      {message.content}
                    </p>
                    <footer className="mt-4 flex flex-wrap items-center gap-3 text-sm">
                      <a
                        className={SMALL_BUTTON_CLASS}
                        href={replyHref(message)}
                        aria-label={t('blogManage.inbox.replyTo', { email: message.email })}
                      >
                        <Msg k="blogManage.inbox.reply" />
                      </a>
                      {unread ? (
                        <button
                          type="button"
                          className={`${SMALL_BUTTON_CLASS} ${BUTTON_BUSY_CLASS}`}
                          disabled={marking === message.id}
                          aria-label={t('blogManage.inbox.markReadNamed', {
                            subject: message.subject,
                          })}
                          onClick={() => void markRead(message)}
                        >
                          <Msg k="blogManage.inbox.markRead" />
                        </button>
                      ) : (
                        message.readTime && (
                          <span className="text-muted">
                            <Msg
                              k="blogManage.inbox.readAt"
                              vars={{ time: formatTime(message.readTime, locale) }}
                            />
                          </span>
                        )
                      )}
                      {markError?.id === message.id && (
                        <span role="alert" className={ERROR_CLASS}>
                          <NoticeText notice={markError.notice} />
                        </span>
                      )}
                    </footer>
                  </article>
                </li>
              );
            })}
          </ul>
        </section>
      )}

      {page && page.totalPageNum > 1 && (
        <div className="card">
          <Pager
            pageNum={page.pageNum}
            totalPageNum={page.totalPageNum}
            busy={loading}
            onPage={list.goTo}
          />
        </div>
      )}
    </div>
  );
}
