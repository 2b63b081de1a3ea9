import type { NodeDto } from '@/lib/api/proxy.ts';
import { useT } from '@/lib/i18n/use-t.ts';
import { paths } from '@/lib/shared/paths.ts';
import Msg from '../common/Msg.tsx';
import RowActions from '../common/list/RowActions.tsx';
import { formatTime } from '../common/ui.ts';
import NodeFlag from './NodeFlag.tsx';
import NodeName from './NodeName.tsx';
import { serverPort } from './format.ts';
import { TYPE_KEY } from './words.ts';

/** A node in the nodes table: flag and name, type, address, source, last change, actions. */
export default function NodeRow({ node, onDelete }: { node: NodeDto; onDelete: () => void }) {
  const { locale, t } = useT();
  const name = node.name || t('proxy.nodes.unnamed');
  return (
    <tr className="hover:bg-accent-soft/40">
      <th scope="row" className="px-3 py-2.5 text-left font-normal">
        <span className="flex items-center gap-2">
          <NodeFlag region={node.region} />
          <a
            href={paths.proxyEdit('node', node.id)}
            className="block max-w-64 truncate font-medium hover:text-accent hover:underline"
          >
            <NodeName name={node.name} />
          </a>
        </span>
      </th>
      <td className="px-3 py-2.5 whitespace-nowrap">
        <Msg k={TYPE_KEY[node.type]} />
        {node.ports && <span className="ml-1 text-xs text-muted">({node.ports})</span>}
      </td>
      <td className="max-w-56 truncate px-3 py-2.5 font-mono text-xs">
        {serverPort(node.server, node.port)}
      </td>
      <td className="max-w-48 truncate px-3 py-2.5">
        {node.subscription ? (
          <a href={paths.proxyEdit('sub', node.subscription.id)} className="link">
            {node.subscription.name}
          </a>
        ) : (
          <span className="text-muted">
            <Msg k="proxy.source.manual" />
          </span>
        )}
      </td>
      <td className="px-3 py-2.5 whitespace-nowrap">
        <time dateTime={node.updateTime}>{formatTime(node.updateTime, locale)}</time>
      </td>
      <RowActions
        editHref={paths.proxyEdit('node', node.id)}
        edit={{ text: 'proxy.edit', label: t('proxy.nodes.editNamed', { name }) }}
        onDelete={onDelete}
        remove={{ text: 'proxy.delete', label: t('proxy.nodes.deleteNamed', { name }) }}
      />
    </tr>
  );
}
