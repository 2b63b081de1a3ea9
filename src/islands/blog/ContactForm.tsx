import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { sendContact } from '@/lib/api/contact.ts';
import type { MessageKey } from '@/lib/i18n/index.ts';
import {
  CONTACT_CONTENT_MAX,
  CONTACT_SUBJECT_MAX,
  EMAIL_MAX,
  charCount,
} from '@/lib/shared/limits.ts';
import { $user, startSession } from '@/lib/stores/session.ts';
import FormAlert from '../common/FormAlert.tsx';
import ImageCaptcha from '../common/ImageCaptcha.tsx';
import Msg from '../common/Msg.tsx';
import TextField from '../common/TextField.tsx';
import { useImageCaptcha } from '../common/use-image-captcha.ts';
import { useTypedBeforeHydration } from '../common/use-typed-before-hydration.ts';
import { failedNotice, useFeedback } from '../common/use-feedback.ts';
import { checkContact } from './contact.ts';

type Field = 'email' | 'subject' | 'content' | 'code';

const TEXTAREA_CLASS =
  'block min-h-40 w-full rounded-md border border-line bg-surface px-3 py-2 text-base text-fg placeholder:text-muted transition-colors hover:border-muted aria-[invalid=true]:border-warn-fg aria-[invalid=true]:bg-warn-soft/40';

/**
 * Writing to the site owner: email (the signed-in user's, if any), subject, message and the image
 * captcha. The server stores the message before mailing it, so "sent" means it is kept.
 */
export default function ContactForm() {
  const user = useStore($user, { ssr: 'initial' });
  const [email, setEmail] = useState('');
  const [subject, setSubject] = useState('');
  const [content, setContent] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, MessageKey>>>({});
  const form = useFeedback();
  const { busy } = form;
  const [sent, setSent] = useState(false);
  const captcha = useImageCaptcha(!sent);
  const touchedEmail = useRef(false);
  const refs = {
    email: useRef<HTMLInputElement>(null),
    subject: useRef<HTMLInputElement>(null),
    content: useRef<HTMLTextAreaElement>(null),
    code: useRef<HTMLInputElement>(null),
  };
  const doneRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(formRef, {
    email: (value) => {
      touchedEmail.current = true;
      setEmail(value);
    },
    subject: setSubject,
    content: setContent,
    captcha: captcha.setCode,
  });
  const contentId = useId();
  const counterId = `${contentId}-counter`;
  const contentErrorId = `${contentId}-error`;

  useEffect(() => {
    void startSession();
  }, []);

  // The signed-in reader's address fills the field, unless they have typed one already.
  useEffect(() => {
    if (user?.email && !touchedEmail.current) setEmail(user.email);
  }, [user?.email]);

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const found = checkContact({ email, subject, content, code: captcha.code });
    setErrors(found);
    const first = (['email', 'subject', 'content', 'code'] as const).find((name) => found[name]);
    if (first) {
      refs[first].current?.focus();
      return;
    }
    const answer = captcha.answer();
    if (!answer) {
      form.refuse({ key: 'blogReader.contact.captchaFailed' });
      return;
    }
    const failure = await form.run(async () => {
      await sendContact({
        email: email.trim(),
        subject: subject.trim(),
        content: content.trim(),
        ...answer,
      });
      setSent(true);
      setSubject('');
      setContent('');
      requestAnimationFrame(() => doneRef.current?.focus());
      return null;
    });
    if (!failure) return;
    // A captcha is used up by any attempt: show a new one.
    captcha.refresh();
    if (failure.captchaRejected) refs.code.current?.focus();
  };

  if (sent) {
    return (
      <div ref={doneRef} tabIndex={-1} className="flex flex-col gap-4 outline-none">
        <FormAlert tone="success">
          <Msg k="blogReader.contact.sent" />
        </FormAlert>
        <div>
          <button
            type="button"
            className="btn"
            onClick={() => {
              setSent(false);
              form.reset();
              setErrors({});
            }}
          >
            <Msg k="blogReader.contact.again" />
          </button>
        </div>
      </div>
    );
  }

  const contentLength = charCount(content);
  const subjectLength = charCount(subject);

  return (
    <form
      ref={formRef}
      className="flex flex-col gap-4"
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-busy={busy}
    >
      <TextField
        label="blogReader.contact.email"
        name="email"
        type="email"
        value={email}
        onValue={(value) => {
          touchedEmail.current = true;
          setEmail(value);
        }}
        autoComplete="email"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        maxLength={EMAIL_MAX}
        error={errors.email}
        inputRef={refs.email}
        hint={<Msg k="blogReader.contact.emailHint" />}
      />
      <TextField
        label="blogReader.contact.subject"
        name="subject"
        value={subject}
        onValue={setSubject}
        autoComplete="off"
        error={errors.subject}
        inputRef={refs.subject}
        hint={
          <Msg
            k="blogReader.contact.counter"
            vars={{ count: subjectLength, max: CONTACT_SUBJECT_MAX }}
          />
        }
      />
      <div className="flex flex-col gap-1.5">
        <label htmlFor={contentId} className="text-sm font-medium">
          <Msg k="blogReader.contact.content" />
        </label>
        <textarea
          ref={refs.content}
          id={contentId}
          name="content"
          rows={8}
          value={content}
          onChange={(event) => setContent(event.currentTarget.value)}
          className={TEXTAREA_CLASS}
          aria-invalid={errors.content ? true : undefined}
          aria-describedby={errors.content ? `${contentErrorId} ${counterId}` : counterId}
        />
        {errors.content && (
          <p id={contentErrorId} className="text-sm text-warn-fg">
            <Msg k={errors.content} vars={{ max: CONTACT_CONTENT_MAX }} />
          </p>
        )}
        <p
          id={counterId}
          className={`text-sm ${contentLength > CONTACT_CONTENT_MAX ? 'text-warn-fg' : 'text-muted'}`}
        >
          <Msg
            k="blogReader.contact.counter"
            vars={{ count: contentLength, max: CONTACT_CONTENT_MAX }}
          />
        </p>
      </div>
      <ImageCaptcha captcha={captcha} error={errors.code} inputRef={refs.code} />
      <FormAlert notice={failedNotice(form.feedback)} />
      <div>
        <button type="submit" className="btn btn-primary min-h-11 px-5" disabled={busy}>
          <Msg k={busy ? 'blogReader.contact.sending' : 'blogReader.contact.send'} />
        </button>
      </div>
    </form>
  );
}
