import { useId, useRef, type RefObject } from 'react';
import { useT } from '@/lib/i18n/use-t.ts';
import Msg from '../../common/Msg.tsx';
import { HINT_CLASS, INPUT_CLASS } from '../../common/ui.ts';
import { IMAGE_TYPES } from '../markdown-insert.ts';
import UploadList from './UploadList.tsx';
import type { useImageUploads } from './use-image-uploads.ts';

/** The article's Markdown, with the button that inserts pictures and their uploads. */
export default function MarkdownField({
  value,
  onChange,
  textareaRef,
  images,
}: {
  value: string;
  onChange: (content: string) => void;
  textareaRef: RefObject<HTMLTextAreaElement | null>;
  images: ReturnType<typeof useImageUploads>;
}) {
  const { t } = useT();
  const id = useId();
  const hintId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  return (
    <div className="flex min-w-0 flex-col">
      <div className="flex min-h-8 flex-wrap items-end justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium">
          <Msg k="blogManage.editor.markdown" />
        </label>
        <button
          type="button"
          className="btn min-h-8 px-2 py-1 text-xs"
          onClick={() => fileInput.current?.click()}
        >
          <Msg k="blogManage.editor.insertImage" />
        </button>
        <input
          ref={fileInput}
          type="file"
          accept={IMAGE_TYPES.join(',')}
          multiple
          hidden
          aria-label={t('blogManage.editor.insertImage')}
          onChange={(event) => {
            const files = Array.from(event.target.files ?? []);
            event.target.value = '';
            if (files.length > 0) images.upload(files);
          }}
        />
      </div>
      <textarea
        ref={textareaRef}
        id={id}
        name="content"
        value={value}
        rows={24}
        spellCheck={false}
        aria-describedby={hintId}
        onChange={(event) => onChange(event.target.value)}
        onPaste={images.onPaste}
        onDragOver={images.onDragOver}
        onDragLeave={images.onDragLeave}
        onDrop={images.onDrop}
        className={`${INPUT_CLASS} max-h-[70vh] min-h-[24rem] flex-1 resize-y font-mono leading-relaxed ${images.dragging ? 'border-accent bg-accent-soft/40' : ''}`}
      />
      <p id={hintId} className={HINT_CLASS}>
        <Msg k="blogManage.editor.markdownHint" />
      </p>
      <UploadList uploads={images.uploads} onDismiss={images.dismiss} />
    </div>
  );
}
