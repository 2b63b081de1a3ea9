import { useId, useState } from 'react';
import {
  deleteToken,
  revokeToken,
  rotateToken,
  type TokenDto,
  type TokenSecret,
} from '@/lib/api/proxy.ts';
import type { MessageKey } from '@/lib/i18n/index.ts';
import { paths } from '@/lib/shared/paths.ts';
import ConfirmDialog from '../common/ConfirmDialog.tsx';
import Feedback from '../common/Feedback.tsx';
import Msg from '../common/Msg.tsx';
import { BUTTON_BUSY_CLASS, DANGER_BUTTON_CLASS } from '../common/ui.ts';
import { failedNotice, useFeedback } from '../common/use-feedback.ts';

type Action = 'rotate' | 'revoke' | 'delete';

const WORDS: Readonly<Record<Action, { button: MessageKey; title: MessageKey; body: MessageKey }>> =
  {
    rotate: {
      button: 'proxy.token.rotate',
      title: 'proxy.token.rotateTitle',
      body: 'proxy.token.rotateBody',
    },
    revoke: {
      button: 'proxy.token.revoke',
      title: 'proxy.token.revokeTitle',
      body: 'proxy.token.revokeBody',
    },
    delete: {
      button: 'proxy.token.delete',
      title: 'proxy.token.deleteTitle',
      body: 'proxy.token.deleteBody',
    },
  };

/**
 * What can be done to a token's link, each after a question: rotate (a new link, shown once; the
 * old one stops), revoke (it stops for good), delete (the token and its log).
 */
export default function TokenActions({
  token,
  onRotated,
  onRevoked,
}: {
  token: TokenDto;
  onRotated: (secret: TokenSecret) => void;
  onRevoked: (token: TokenDto) => void;
}) {
  const [asking, setAsking] = useState<Action | null>(null);
  const action = useFeedback();
  const ids = { title: useId(), error: useId() };
  const revoked = token.status === 'revoked';

  const ask = (which: Action) => {
    action.reset();
    setAsking(which);
  };

  const confirm = () => {
    const which = asking;
    if (!which) return;
    void action.run(async () => {
      if (which === 'rotate') {
        onRotated(await rotateToken(token.id));
        setAsking(null);
        return null;
      }
      if (which === 'revoke') {
        onRevoked(await revokeToken(token.id));
        setAsking(null);
        return { key: 'proxy.token.revoked' };
      }
      await deleteToken(token.id);
      window.location.assign(paths.proxyList('token'));
      return { key: 'proxy.token.deleted', vars: { name: token.name } };
    });
  };

  return (
    <section aria-labelledby={ids.title} className="card min-w-0 p-5 sm:p-6">
      <h2 id={ids.title} className="text-lg font-semibold">
        <Msg k="proxy.token.actionsTitle" />
      </h2>
      {revoked && (
        <p className="mt-2 text-sm text-muted">
          <Msg k="proxy.token.isRevoked" />
        </p>
      )}
      <div className="mt-4 flex flex-wrap gap-3">
        {!revoked && (
          <>
            <button
              type="button"
              className={`btn ${BUTTON_BUSY_CLASS}`}
              aria-haspopup="dialog"
              disabled={action.busy}
              onClick={() => ask('rotate')}
            >
              <Msg k={WORDS.rotate.button} />
            </button>
            <button
              type="button"
              className={`btn ${BUTTON_BUSY_CLASS}`}
              aria-haspopup="dialog"
              disabled={action.busy}
              onClick={() => ask('revoke')}
            >
              <Msg k={WORDS.revoke.button} />
            </button>
          </>
        )}
        <button
          type="button"
          className={`${DANGER_BUTTON_CLASS} ${BUTTON_BUSY_CLASS}`}
          aria-haspopup="dialog"
          disabled={action.busy}
          onClick={() => ask('delete')}
        >
          <Msg k={WORDS.delete.button} />
        </button>
      </div>
      {asking === null && <Feedback feedback={action.feedback} errorId={ids.error} />}
      <ConfirmDialog
        open={asking !== null}
        titleKey={WORDS[asking ?? 'rotate'].title}
        titleVars={{ name: token.name }}
        confirmKey={WORDS[asking ?? 'rotate'].button}
        danger={asking !== 'rotate'}
        busy={action.busy}
        error={failedNotice(action.feedback)}
        onConfirm={confirm}
        onCancel={() => setAsking(null)}
      >
        <p>
          <Msg k={WORDS[asking ?? 'rotate'].body} vars={{ name: token.name }} />
        </p>
      </ConfirmDialog>
    </section>
  );
}
