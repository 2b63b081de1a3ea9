import { useId, useRef, useState, type ReactNode } from 'react';
import {
  createSubscription,
  getSubscription,
  updateSubscription,
  type SyncedSubscription,
} from '@/lib/api/proxy.ts';
import type { MessageKey } from '@/lib/i18n/index.ts';
import {
  PROXY_INTERVAL_HOURS_MAX,
  PROXY_INTERVAL_HOURS_MIN,
  PROXY_NAME_MAX,
  PROXY_PATTERN_MAX,
  PROXY_PREFIX_MAX,
  PROXY_URL_MAX,
} from '@/lib/shared/limits.ts';
import LoadStateCard from '../common/LoadStateCard.tsx';
import Msg from '../common/Msg.tsx';
import TextField from '../common/TextField.tsx';
import { useFeedback } from '../common/use-feedback.ts';
import BackLink from './BackLink.tsx';
import FormActions from './FormActions.tsx';
import SubscriptionDetails from './SubscriptionDetails.tsx';
import SyncProgress from './SyncProgress.tsx';
import SyncResult from './SyncResult.tsx';
import {
  subscriptionBodyOf,
  subscriptionDraftOf,
  subscriptionProblems,
  type DraftField,
  type SubscriptionDraft,
} from './subscription-draft.ts';
import { syncNotice } from './sync-notice.ts';
import { useRecord } from './use-record.ts';

const FIELD_ORDER: readonly DraftField[] = [
  'name',
  'url',
  'intervalHours',
  'prefix',
  'include',
  'exclude',
];

/**
 * The form of /proxy/sub/add and /proxy/sub/edit/{id}: name, URL, interval, name prefix, and the
 * include and exclude patterns. Saving syncs at once (up to ~15 s): the form shows the progress,
 * then what the sync found.
 */
export default function SubscriptionForm({ mode }: { mode: 'add' | 'edit' }) {
  const { loaded, retry, show } = useRecord('sub', mode === 'edit' ? getSubscription : null);
  const sub = loaded.kind === 'ready' ? loaded.record : null;
  const form = useFeedback();
  const [draft, setDraft] = useState<SubscriptionDraft>(() => subscriptionDraftOf(sub));
  const [tried, setTried] = useState(false);
  const [result, setResult] = useState<SyncedSubscription | null>(null);
  const inputs = useRef<Partial<Record<DraftField, HTMLInputElement | null>>>({});
  const errorId = useId();
  const problems = tried ? subscriptionProblems(draft) : {};

  // The form starts again from each record loaded or saved here.
  const [shown, setShown] = useState(sub);
  if (sub !== shown) {
    setShown(sub);
    setDraft(subscriptionDraftOf(sub));
  }

  if (loaded.kind !== 'ready') {
    return (
      <LoadStateCard
        state={loaded}
        words={{ loading: 'proxy.loading', missing: 'proxy.sub.missing', retry: 'proxy.retry' }}
        onRetry={retry}
        back={<BackLink kind="sub" />}
        className="max-w-3xl"
      />
    );
  }

  const change = (field: DraftField) => (value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    if (!form.busy) form.reset();
  };

  const submit = () => {
    setTried(true);
    const found = subscriptionProblems(draft);
    const first = FIELD_ORDER.find((field) => found[field]);
    if (first) {
      form.refuse({ key: 'proxy.form.fix' }, first);
      inputs.current[first]?.focus();
      return;
    }
    setResult(null);
    void form.run(async () => {
      const body = subscriptionBodyOf(draft);
      const synced = sub ? await updateSubscription(sub.id, body) : await createSubscription(body);
      setResult(synced);
      setTried(false);
      if (sub) show(synced.subscription);
      else setDraft(subscriptionDraftOf(null));
      return syncNotice(synced);
    });
  };

  const field = (
    name: DraftField,
    label: MessageKey,
    extra: {
      hint?: ReactNode;
      maxLength: number;
      required?: boolean;
      inputMode?: 'url' | 'numeric';
    },
  ) => (
    <TextField
      label={label}
      name={name}
      value={draft[name]}
      onValue={change(name)}
      autoComplete="off"
      spellCheck={false}
      inputRef={(element) => {
        inputs.current[name] = element;
      }}
      error={problems[name]}
      {...extra}
    />
  );

  return (
    <div className="grid max-w-3xl gap-6">
      <p>
        <BackLink kind="sub" />
      </p>
      {sub && <SubscriptionDetails subscription={sub} />}
      <form
        noValidate
        className="card grid gap-4 p-5 sm:p-6"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {field('name', 'proxy.sub.name', { maxLength: PROXY_NAME_MAX, required: true })}
        {field('url', 'proxy.sub.url', {
          maxLength: PROXY_URL_MAX,
          required: true,
          inputMode: 'url',
          hint: <Msg k="proxy.sub.urlHint" />,
        })}
        <div className="grid gap-4 sm:grid-cols-2">
          {field('intervalHours', 'proxy.sub.interval', {
            maxLength: 3,
            required: true,
            inputMode: 'numeric',
            hint: (
              <Msg
                k="proxy.sub.intervalHint"
                vars={{ min: PROXY_INTERVAL_HOURS_MIN, max: PROXY_INTERVAL_HOURS_MAX }}
              />
            ),
          })}
          {field('prefix', 'proxy.sub.prefix', {
            maxLength: PROXY_PREFIX_MAX,
            hint: <Msg k="proxy.sub.prefixHint" />,
          })}
          {field('include', 'proxy.pattern.include', {
            maxLength: PROXY_PATTERN_MAX,
            hint: <Msg k="proxy.pattern.includeHint" />,
          })}
          {field('exclude', 'proxy.pattern.exclude', {
            maxLength: PROXY_PATTERN_MAX,
            hint: <Msg k="proxy.pattern.excludeHint" />,
          })}
        </div>
        <FormActions
          kind="sub"
          submit={sub ? 'proxy.sub.save' : 'proxy.sub.create'}
          form={form}
          errorId={errorId}
          describedBy={errorId}
          busyText={<SyncProgress />}
        />
      </form>
      {result && <SyncResult result={result} added={!sub} />}
    </div>
  );
}
