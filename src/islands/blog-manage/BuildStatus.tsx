import { useEffect, useId, useState } from 'react';
import { startSiteBuild, type SiteBuildStatus } from '@/lib/api/blog-manage.ts';
import { readFailure, type Notice } from '@/lib/api/failure.ts';
import { isBuildActive, watchSiteBuild } from '@/lib/api/site-build-socket.ts';
import type { MessageKey } from '@/lib/i18n/index.ts';
import { useT } from '@/lib/i18n/use-t.ts';
import type { SiteBuildState } from '@/lib/shared/site-build.ts';
import Icon from '../common/Icon.tsx';
import Msg from '../common/Msg.tsx';
import NoticeText from '../common/NoticeText.tsx';
import { failedNotice, useFeedback } from '../common/use-feedback.ts';
import { BUTTON_BUSY_CLASS, ERROR_CLASS, formatTime } from '../common/ui.ts';

interface Props {
  /** Offers "Rebuild now" (the manage home). */
  allowRebuild?: boolean;
  /** The heading level of the panel's title. */
  headingLevel?: 2 | 3;
}

const STATE_KEY: Record<SiteBuildState, MessageKey> = {
  idle: 'blogManage.build.idle',
  queued: 'blogManage.build.queued',
  running: 'blogManage.build.running',
  done: 'blogManage.build.done',
  failed: 'blogManage.build.failed',
};

const STATE_CLASS: Record<SiteBuildState, string> = {
  idle: 'border border-line bg-bg text-muted',
  queued: 'bg-warn-soft text-warn-fg',
  running: 'bg-warn-soft text-warn-fg',
  done: 'bg-accent-soft text-accent',
  failed: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200',
};

/** Seconds with one decimal. */
function seconds(ms: number): string {
  return (ms / 1000).toFixed(1);
}

/**
 * The state of the page rebuild that follows every content change — queued, running, done or
 * failed (with the end of the build log) — live over the WebSocket, or polled when that is not
 * available. Used by the article editor after a save and by the manage home.
 */
export default function BuildStatus({ allowRebuild = false, headingLevel = 2 }: Props) {
  const { locale, t } = useT();
  const [status, setStatus] = useState<SiteBuildStatus | null>(null);
  const [loadError, setLoadError] = useState<Notice | null>(null);
  const [live, setLive] = useState(false);
  const start = useFeedback();
  const startError = failedNotice(start.feedback);
  const titleId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  useEffect(
    () =>
      watchSiteBuild({
        onStatus: (next) => {
          setStatus(next);
          setLoadError(null);
        },
        onError: (error) => setLoadError(readFailure(error).notice),
        onLive: setLive,
      }),
    [],
  );

  const rebuild = () =>
    void start.run(async () => {
      setStatus(await startSiteBuild());
      return null;
    });

  const active = isBuildActive(status);

  return (
    <section aria-labelledby={titleId} className="card min-w-0 p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Heading id={titleId} className="font-semibold">
          <Msg k="blogManage.build.title" />
        </Heading>
        <span className="text-xs text-muted">
          <Msg k={live ? 'blogManage.build.live' : 'blogManage.build.polling'} />
        </span>
      </div>

      <div role="status" aria-live="polite" className="mt-3 text-sm">
        {status === null && loadError === null && (
          <p className="text-muted">
            <Msg k="blogManage.loading" />
          </p>
        )}
        {status !== null && (
          <p className="flex flex-wrap items-center gap-2">
            <span
              className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-medium ${STATE_CLASS[status.state]}`}
            >
              {active && <Icon name="refresh" className="size-3.5 motion-safe:animate-spin" />}
              {status.state === 'done' && <Icon name="check" className="size-3.5" />}
              {status.state === 'failed' && <Icon name="alert" className="size-3.5" />}
              <Msg k={STATE_KEY[status.state]} />
            </span>
            {status.state === 'done' && status.ms !== null && (
              <span className="text-muted">
                <Msg k="blogManage.build.took" vars={{ seconds: seconds(status.ms) }} />
              </span>
            )}
          </p>
        )}
      </div>

      {loadError !== null && (
        <p role="alert" className={`${ERROR_CLASS} mt-2`}>
          <Msg k="blogManage.build.unavailable" /> <NoticeText notice={loadError} />
        </p>
      )}

      {status !== null && (
        <dl className="mt-3 grid gap-1 text-xs text-muted">
          {status.state === 'queued' && status.queuedAt && (
            <div className="flex flex-wrap gap-1">
              <dt>
                <Msg k="blogManage.build.queuedAt" />
              </dt>
              <dd>{formatTime(status.queuedAt, locale)}</dd>
            </div>
          )}
          {status.state === 'running' && status.startedAt && (
            <div className="flex flex-wrap gap-1">
              <dt>
                <Msg k="blogManage.build.startedAt" />
              </dt>
              <dd>{formatTime(status.startedAt, locale)}</dd>
            </div>
          )}
          {!active && status.finishedAt && (
            <div className="flex flex-wrap gap-1">
              <dt>
                <Msg k="blogManage.build.finishedAt" />
              </dt>
              <dd>{formatTime(status.finishedAt, locale)}</dd>
            </div>
          )}
          <div className="flex flex-wrap gap-1">
            <dt>
              <Msg k="blogManage.build.builtAt" />
            </dt>
            <dd>
              {status.builtAt ? (
                formatTime(status.builtAt, locale)
              ) : (
                <Msg k="blogManage.build.builtUnknown" />
              )}
            </dd>
          </div>
        </dl>
      )}

      {status?.state === 'failed' && status.error && (
        <details open className="mt-3">
          <summary className="cursor-pointer text-sm font-medium">
            <Msg k="blogManage.build.log" />
          </summary>
          <pre className="mt-2 max-h-64 overflow-auto rounded-md border border-line bg-bg p-3 text-xs whitespace-pre-wrap">
            {status.error}
          </pre>
        </details>
      )}

      {allowRebuild && (
        <div className="mt-4">
          <button
            type="button"
            className={`btn ${BUTTON_BUSY_CLASS}`}
            disabled={start.busy || active}
            onClick={rebuild}
          >
            <Icon name="refresh" className="size-4" />
            <Msg k="blogManage.build.rebuild" />
          </button>
          {startError !== null && (
            <p role="alert" className={`${ERROR_CLASS} mt-2`}>
              <NoticeText notice={startError} />
            </p>
          )}
          {active && <p className="mt-2 text-xs text-muted">{t('blogManage.build.busyHint')}</p>}
        </div>
      )}
    </section>
  );
}
