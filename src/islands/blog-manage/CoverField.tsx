import { useEffect, useId, useRef, useState } from 'react';
import { uploadArticleImage } from '@/lib/api/blog-manage.ts';
import type { Notice } from '@/lib/api/failure.ts';
import { useT } from '@/lib/i18n/use-t.ts';
import NoticeText from '../common/NoticeText.tsx';
import { failedNotice, useFeedback } from '../common/use-feedback.ts';
import { isSafeImageUrl } from '@/lib/shared/image-url.ts';
import Msg from '../common/Msg.tsx';
import { IMAGE_TYPES, imageProblem } from './markdown-insert.ts';
import {
  BUTTON_BUSY_CLASS,
  ERROR_CLASS,
  HINT_CLASS,
  INPUT_CLASS,
  LABEL_CLASS,
  SMALL_BUTTON_CLASS,
} from '../common/ui.ts';

interface Props {
  value: string;
  onChange: (url: string) => void;
}

/** The article's cover picture: an address, or a picture uploaded here; shown as it will look. */
export default function CoverField({ value, onChange }: Props) {
  const { t } = useT();
  const upload = useFeedback();
  const [progress, setProgress] = useState<number | null>(null);
  const [broken, setBroken] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const abort = useRef<AbortController | null>(null);
  const ids = { url: useId(), hint: useId(), error: useId(), progress: useId() };

  useEffect(() => () => abort.current?.abort(), []);
  useEffect(() => setBroken(false), [value]);

  const send = (file: File) => {
    const trouble = imageProblem(file);
    if (trouble) {
      upload.refuse({
        key: trouble === 'type' ? 'blogManage.editor.imageType' : 'blogManage.editor.imageSize',
        vars: { name: file.name },
      });
      return;
    }
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setProgress(0);
    void upload
      .run(async () => {
        const url = await uploadArticleImage(file, {
          fileName: file.name,
          signal: controller.signal,
          onProgress: ({ loaded, total }) => setProgress(total > 0 ? loaded / total : 0),
        });
        onChange(url);
        return { key: 'blogManage.editor.coverUploaded' };
      })
      .finally(() => setProgress(null));
  };

  const cover = value.trim();
  // The server refuses anything else (javascript:, data:, //host); say so before saving.
  const invalid = cover !== '' && !isSafeImageUrl(cover);
  const problem: Notice | null = invalid
    ? { key: 'blogManage.editor.coverInvalid' }
    : failedNotice(upload.feedback);

  return (
    <div>
      <label htmlFor={ids.url} className={LABEL_CLASS}>
        <Msg k="blogManage.editor.cover" />
      </label>
      <input
        id={ids.url}
        type="text"
        inputMode="url"
        value={value}
        maxLength={500}
        autoComplete="off"
        placeholder="https://…"
        aria-invalid={invalid}
        aria-describedby={`${ids.hint} ${ids.error}`}
        onChange={(event) => onChange(event.target.value)}
        className={INPUT_CLASS}
      />
      <p id={ids.hint} className={HINT_CLASS}>
        <Msg k="blogManage.editor.coverHint" />
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <button
          type="button"
          className={`${SMALL_BUTTON_CLASS} ${BUTTON_BUSY_CLASS}`}
          disabled={upload.busy}
          onClick={() => fileInput.current?.click()}
        >
          <Msg k="blogManage.editor.coverUpload" />
        </button>
        <input
          ref={fileInput}
          type="file"
          accept={IMAGE_TYPES.join(',')}
          hidden
          aria-label={t('blogManage.editor.coverUpload')}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) send(file);
          }}
        />
        {cover !== '' && (
          <button type="button" className={SMALL_BUTTON_CLASS} onClick={() => onChange('')}>
            <Msg k="blogManage.editor.coverRemove" />
          </button>
        )}
      </div>
      {progress !== null && (
        <div className="mt-2">
          <label htmlFor={ids.progress} className="text-xs text-muted">
            <Msg k="blogManage.editor.coverUploading" />
          </label>
          <progress
            id={ids.progress}
            className="block h-2 w-full accent-[var(--atrium-accent)]"
            max={100}
            value={Math.round(progress * 100)}
          />
        </div>
      )}
      <p role="status" className={HINT_CLASS}>
        {upload.feedback.kind === 'ok' && <NoticeText notice={upload.feedback.notice} />}
      </p>
      <p id={ids.error} role="alert" className={ERROR_CLASS}>
        {problem && <NoticeText notice={problem} />}
      </p>
      {cover !== '' && !invalid && !broken && (
        <img
          src={cover}
          alt={t('blogManage.editor.coverPreview')}
          className="mt-2 aspect-[16/9] w-full rounded-md border border-line object-cover"
          onError={() => setBroken(true)}
        />
      )}
      {cover !== '' && !invalid && broken && (
        <p className="mt-2 text-xs text-warn-fg">
          <Msg k="blogManage.editor.coverBroken" />
        </p>
      )}
    </div>
  );
}
