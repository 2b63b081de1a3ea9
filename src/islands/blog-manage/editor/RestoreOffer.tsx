import { useId } from 'react';
import { useT } from '@/lib/i18n/use-t.ts';
import Msg from '../../common/Msg.tsx';
import { formatTime } from '../../common/ui.ts';
import { changedSince, type SavedDraft } from '../autosave.ts';

/** Unsaved work kept on this device from before: restore it, or throw it away. */
export default function RestoreOffer({
  offer,
  savedUpdateTime,
  onRestore,
  onDiscard,
}: {
  offer: SavedDraft;
  /** When the article was last saved (null for a new one): a later save is pointed out. */
  savedUpdateTime: string | null;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  const { locale } = useT();
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className="card flex flex-wrap items-center justify-between gap-3 border-warn-fg/40 bg-warn-soft p-4 text-warn-fg"
    >
      <div className="min-w-0">
        <h2 id={titleId} className="font-semibold">
          <Msg k="blogManage.editor.restoreTitle" />
        </h2>
        <p className="mt-1 text-sm">
          <Msg
            k="blogManage.editor.restoreBody"
            vars={{ time: formatTime(offer.savedAt, locale) }}
          />
          {changedSince(offer, savedUpdateTime) && (
            <>
              {' '}
              <Msg k="blogManage.editor.restoreChanged" />
            </>
          )}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn btn-primary" onClick={onRestore}>
          <Msg k="blogManage.editor.restore" />
        </button>
        <button type="button" className="btn" onClick={onDiscard}>
          <Msg k="blogManage.editor.discard" />
        </button>
      </div>
    </section>
  );
}
