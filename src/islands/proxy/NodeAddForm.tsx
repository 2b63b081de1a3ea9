import { useId, useRef, useState } from 'react';
import { createNodes, previewNodes, type NodeCreated, type NodePreview } from '@/lib/api/proxy.ts';
import { PROXY_LINKS_MAX, PROXY_LINKS_TEXT_MAX, charCount } from '@/lib/shared/limits.ts';
import { paths } from '@/lib/shared/paths.ts';
import Feedback from '../common/Feedback.tsx';
import Msg from '../common/Msg.tsx';
import { BUTTON_BUSY_CLASS, HINT_CLASS, INPUT_CLASS, LABEL_CLASS } from '../common/ui.ts';
import { fieldErrorProps, useFeedback } from '../common/use-feedback.ts';
import LineErrorList from './LineErrorList.tsx';
import ParsedNodeList from './ParsedNodeList.tsx';

/** The non-blank lines of the pasted text. */
function linkCount(text: string): number {
  return text.split(/\r?\n/).filter((line) => line.trim() !== '').length;
}

/**
 * The form of /proxy/node/add: paste one link or many, see what parses and what does not (with
 * why, by line), then save the nodes that parse and see what was saved.
 */
export default function NodeAddForm() {
  const form = useFeedback();
  const store = useFeedback();
  const [text, setText] = useState('');
  const [preview, setPreview] = useState<NodePreview | null>(null);
  const [saved, setSaved] = useState<NodeCreated | null>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const ids = {
    links: useId(),
    hint: useId(),
    error: useId(),
    result: useId(),
    saveError: useId(),
  };

  const check = (): boolean => {
    const count = linkCount(text);
    if (count === 0) form.refuse({ key: 'proxy.add.emptyLinks' }, 'links');
    else if (count > PROXY_LINKS_MAX) {
      form.refuse({ key: 'proxy.add.tooMany', vars: { max: PROXY_LINKS_MAX, count } }, 'links');
    } else if (charCount(text) > PROXY_LINKS_TEXT_MAX) {
      form.refuse({ key: 'proxy.add.tooLong', vars: { max: PROXY_LINKS_TEXT_MAX } }, 'links');
    } else return true;
    textarea.current?.focus();
    return false;
  };

  const focusResult = () => requestAnimationFrame(() => resultHeading.current?.focus());

  const runPreview = () => {
    if (!check()) return;
    store.reset();
    void form.run(async () => {
      setPreview(await previewNodes(text));
      focusResult();
      return null;
    });
  };

  const save = () => {
    if (!check()) return;
    void store.run(async () => {
      const created = await createNodes(text);
      setSaved(created);
      setPreview(null);
      focusResult();
      return null;
    });
  };

  const startOver = () => {
    setSaved(null);
    setPreview(null);
    setText('');
    form.reset();
    store.reset();
    requestAnimationFrame(() => textarea.current?.focus());
  };

  if (saved) {
    return (
      <section aria-labelledby={ids.result} className="card grid max-w-4xl gap-4 p-5 sm:p-6">
        <h2 id={ids.result} ref={resultHeading} tabIndex={-1} className="text-lg font-semibold">
          <Msg k="proxy.add.saved" vars={{ count: saved.nodes.length }} />
        </h2>
        {saved.nodes.length > 0 && <ParsedNodeList nodes={saved.nodes} />}
        {saved.errors.length > 0 && (
          <>
            <h3 className="font-semibold">
              <Msg k="proxy.add.notSaved" vars={{ count: saved.errors.length }} />
            </h3>
            <LineErrorList errors={saved.errors} />
          </>
        )}
        <div className="flex flex-wrap gap-3">
          <button type="button" className="btn btn-primary" onClick={startOver}>
            <Msg k="proxy.add.again" />
          </button>
          <a href={paths.proxyList('node')} className="btn">
            <Msg k="proxy.add.toList" />
          </a>
        </div>
      </section>
    );
  }

  const parsed = preview?.nodes.length ?? 0;

  return (
    <div className="grid max-w-4xl gap-6">
      <form
        noValidate
        className="card p-5 sm:p-6"
        onSubmit={(event) => {
          event.preventDefault();
          runPreview();
        }}
      >
        <label htmlFor={ids.links} className={LABEL_CLASS}>
          <Msg k="proxy.add.links" />
        </label>
        <textarea
          ref={textarea}
          id={ids.links}
          name="links"
          rows={8}
          value={text}
          required
          spellCheck={false}
          autoComplete="off"
          placeholder={'vless://…\nss://…'}
          {...fieldErrorProps(form.feedback, 'links', ids.error, ids.hint)}
          onChange={(event) => {
            setText(event.target.value);
            setPreview(null);
            if (!form.busy) form.reset();
            if (!store.busy) store.reset();
          }}
          className={`${INPUT_CLASS} font-mono text-xs`}
        />
        <p id={ids.hint} className={HINT_CLASS}>
          <Msg k="proxy.add.linksHint" vars={{ max: PROXY_LINKS_MAX }} />
        </p>
        <Feedback
          feedback={form.feedback}
          errorId={ids.error}
          busyText={<Msg k="proxy.add.reading" />}
        />
        <div className="mt-4 flex flex-wrap gap-3">
          <button
            type="submit"
            className={`btn ${preview ? '' : 'btn-primary'} ${BUTTON_BUSY_CLASS}`}
            disabled={form.busy || store.busy}
          >
            <Msg k="proxy.add.preview" />
          </button>
          <a href={paths.proxyList('node')} className="link self-center text-sm">
            <Msg k="proxy.node.back" />
          </a>
        </div>
      </form>

      {preview && (
        <section aria-labelledby={ids.result} className="card grid gap-4 p-5 sm:p-6">
          <h2 id={ids.result} ref={resultHeading} tabIndex={-1} className="text-lg font-semibold">
            <Msg k="proxy.add.previewTitle" />
          </h2>
          <h3 className="font-semibold">
            <Msg k="proxy.add.parsed" vars={{ count: parsed }} />
          </h3>
          {parsed > 0 ? (
            <ParsedNodeList nodes={preview.nodes} />
          ) : (
            <p className="text-sm text-muted">
              <Msg k="proxy.add.nothingParsed" />
            </p>
          )}
          {preview.errors.length > 0 && (
            <>
              <h3 className="font-semibold">
                <Msg k="proxy.add.failed" vars={{ count: preview.errors.length }} />
              </h3>
              <LineErrorList errors={preview.errors} />
            </>
          )}
          <div className="flex flex-wrap gap-3">
            <button
              type="button"
              className={`btn btn-primary ${BUTTON_BUSY_CLASS}`}
              disabled={form.busy || store.busy || parsed === 0}
              aria-describedby={ids.saveError}
              onClick={save}
            >
              <Msg k="proxy.add.save" vars={{ count: parsed }} />
            </button>
          </div>
          <Feedback
            feedback={store.feedback}
            errorId={ids.saveError}
            busyText={<Msg k="proxy.saving" />}
          />
        </section>
      )}
    </div>
  );
}
