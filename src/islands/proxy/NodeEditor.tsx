import { useEffect, useId, useState } from 'react';
import { getNode, updateNode, type NodeDto } from '@/lib/api/proxy.ts';
import { useT } from '@/lib/i18n/use-t.ts';
import { PROXY_NAME_MAX } from '@/lib/shared/limits.ts';
import { FIELD_GROUPS, PORT_LIST_TYPES } from '@/lib/shared/proxy/node-form.ts';
import LoadStateCard from '../common/LoadStateCard.tsx';
import Msg from '../common/Msg.tsx';
import TextField from '../common/TextField.tsx';
import { useFeedback } from '../common/use-feedback.ts';
import BackLink from './BackLink.tsx';
import FormActions from './FormActions.tsx';
import NodeFieldGroup from './NodeFieldGroup.tsx';
import NodeSummary from './NodeSummary.tsx';
import ShareLinkCard from './ShareLinkCard.tsx';
import { draftOf, draftProblems, updateBodyOf, type NodeDraft } from './node-draft.ts';
import { useRecord } from './use-record.ts';

/**
 * The editor of /proxy/node/edit/{id}: the node's name, address and the fields of its type; its
 * share link. Saving a node synced from a subscription detaches it, and the form says so first.
 */
export default function NodeEditor() {
  const { t } = useT();
  const { loaded, retry, show } = useRecord('node', getNode);
  const form = useFeedback();
  const [draft, setDraft] = useState<NodeDraft | null>(null);
  const [tried, setTried] = useState(false);
  const ids = { error: useId(), detach: useId(), portsHint: useId() };

  const node = loaded.kind === 'ready' ? loaded.record : null;
  useEffect(() => {
    if (node) setDraft(draftOf(node));
  }, [node]);

  if (loaded.kind !== 'ready' || !draft || !node) {
    return (
      <LoadStateCard
        state={loaded.kind === 'ready' ? { kind: 'loading' } : loaded}
        words={{ loading: 'proxy.loading', missing: 'proxy.node.missing', retry: 'proxy.retry' }}
        onRetry={retry}
        back={<BackLink kind="node" />}
        className="max-w-4xl"
      />
    );
  }

  const problems = tried ? draftProblems(node, draft) : [];
  const change = (patch: Partial<NodeDraft>) => {
    setDraft({ ...draft, ...patch });
    if (!form.busy) form.reset();
  };
  const changeField = (group: (typeof FIELD_GROUPS)[number], key: string, value: string) =>
    change({ fields: { ...draft.fields, [group]: { ...draft.fields[group], [key]: value } } });

  const submit = () => {
    setTried(true);
    const found = draftProblems(node, draft);
    if (found.length > 0) {
      form.refuse({ key: 'proxy.node.fixFields', vars: { count: found.length } }, found[0]);
      return;
    }
    const detaching = node.subscription !== null;
    void form.run(async () => {
      const saved: NodeDto = await updateNode(node.id, updateBodyOf(node, draft));
      show(saved);
      setTried(false);
      return { key: detaching ? 'proxy.node.savedDetached' : 'proxy.node.saved' };
    });
  };

  return (
    <div className="grid max-w-4xl gap-6">
      <p>
        <BackLink kind="node" />
      </p>
      <NodeSummary node={node} />

      <form
        noValidate
        className="card grid gap-5 p-5 sm:p-6"
        aria-label={t('proxy.node.formTitle')}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="proxy.node.name"
            name="name"
            value={draft.name}
            onValue={(name) => change({ name })}
            autoComplete="off"
            maxLength={PROXY_NAME_MAX}
          />
          <TextField
            label="proxy.node.server"
            name="server"
            value={draft.server}
            onValue={(server) => change({ server })}
            autoComplete="off"
            spellCheck={false}
            required
            maxLength={255}
            error={problems.includes('server') ? 'proxy.form.required' : undefined}
          />
          <TextField
            label="proxy.node.port"
            name="port"
            value={draft.port}
            onValue={(port) => change({ port })}
            autoComplete="off"
            inputMode="numeric"
            required
            maxLength={5}
            error={problems.includes('port') ? 'proxy.node.portInvalid' : undefined}
          />
          {PORT_LIST_TYPES.includes(node.type) && (
            <TextField
              label="proxy.node.ports"
              name="ports"
              value={draft.ports}
              onValue={(ports) => change({ ports })}
              autoComplete="off"
              spellCheck={false}
              maxLength={200}
              hint={<Msg k="proxy.node.portsHint" />}
            />
          )}
        </div>

        {FIELD_GROUPS.map((group) => (
          <NodeFieldGroup
            key={group}
            type={node.type}
            group={group}
            stored={node[group]}
            typed={draft.fields[group]}
            missing={problems
              .filter((p) => p.startsWith(`${group}.`))
              .map((p) => p.slice(group.length + 1))}
            onValue={(key, value) => changeField(group, key, value)}
          />
        ))}

        {node.subscription && (
          <p
            id={ids.detach}
            className="rounded-md border border-warn-fg/40 bg-warn-soft px-3 py-2 text-sm text-warn-fg"
          >
            <Msg k="proxy.node.detachNotice" vars={{ name: node.subscription.name }} />
          </p>
        )}

        <FormActions
          kind="node"
          submit={node.subscription ? 'proxy.node.saveDetach' : 'proxy.save'}
          form={form}
          errorId={ids.error}
          describedBy={node.subscription ? ids.detach : undefined}
        />
      </form>

      <ShareLinkCard link={node.link} name={node.name} />
    </div>
  );
}
