import { useT } from '@/lib/i18n/use-t.ts';
import Msg from '../../common/Msg.tsx';
import NoticeText from '../../common/NoticeText.tsx';
import { ERROR_CLASS } from '../../common/ui.ts';
import type { Upload } from './use-image-uploads.ts';

/** The pictures being uploaded into the Markdown (with their progress), and those that failed. */
export default function UploadList({
  uploads,
  onDismiss,
}: {
  uploads: Upload[];
  onDismiss: (id: number) => void;
}) {
  const { t } = useT();
  if (uploads.length === 0) return null;
  return (
    <ul className="mt-2 grid gap-2" aria-label={t('blogManage.editor.uploads')}>
      {uploads.map((upload) => (
        <li key={upload.id} className="text-sm">
          {upload.progress !== null ? (
            <>
              <label htmlFor={`upload-${upload.id}`} className="block text-xs text-muted">
                <Msg k="blogManage.editor.imageUploading" vars={{ name: upload.name }} />
              </label>
              <progress
                id={`upload-${upload.id}`}
                className="block h-2 w-full accent-[var(--atrium-accent)]"
                max={100}
                value={Math.round(upload.progress * 100)}
              />
            </>
          ) : (
            <p role="alert" className="flex flex-wrap items-center gap-2">
              <span className={ERROR_CLASS}>
                {upload.error && <NoticeText notice={upload.error} />}
                {upload.reason && (
                  <>
                    {' '}
                    <NoticeText notice={upload.reason} />
                  </>
                )}
              </span>
              <button type="button" className="link text-xs" onClick={() => onDismiss(upload.id)}>
                <Msg k="blogManage.dismiss" />
              </button>
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}
