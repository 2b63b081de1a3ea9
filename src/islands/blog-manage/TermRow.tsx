import type { Term } from '@/lib/api/blog-manage.ts';
import { useT } from '@/lib/i18n/use-t.ts';
import { paths } from '@/lib/shared/paths.ts';
import type { TermKind } from '@/lib/shared/term-kinds.ts';
import RowActions from '../common/list/RowActions.tsx';
import { formatTime } from '../common/ui.ts';
import { articleListHref } from './list-query.ts';

/** A category or tag in its table: name, visible articles (linked), last change, actions. */
export default function TermRow({
  kind,
  term,
  onDelete,
}: {
  kind: TermKind;
  term: Term;
  onDelete: () => void;
}) {
  const { locale, t } = useT();
  return (
    <tr className="hover:bg-accent-soft/40">
      <th scope="row" className="px-3 py-2.5 text-left font-normal">
        <a
          href={paths.blogManageEdit(kind, String(term.id))}
          className="font-medium hover:text-accent hover:underline"
        >
          {term.name}
        </a>
      </th>
      <td className="px-3 py-2.5 tabular-nums">
        <a
          className="link"
          href={articleListHref(kind, term.id)}
          aria-label={t('blogManage.terms.articlesOf', {
            name: term.name,
            count: term.count,
          })}
        >
          {term.count}
        </a>
      </td>
      <td className="px-3 py-2.5 whitespace-nowrap">
        <time dateTime={term.updateTime}>{formatTime(term.updateTime, locale)}</time>
      </td>
      <RowActions
        editHref={paths.blogManageEdit(kind, String(term.id))}
        edit={{
          text: 'blogManage.edit',
          label: t('blogManage.terms.editNamed', { name: term.name }),
        }}
        onDelete={onDelete}
        remove={{
          text: 'blogManage.delete',
          label: t('blogManage.terms.deleteNamed', { name: term.name }),
        }}
      />
    </tr>
  );
}
