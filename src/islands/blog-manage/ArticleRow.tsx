import type { ArticleStatus, ManagedArticleSummary } from '@/lib/api/blog-manage.ts';
import type { MessageKey } from '@/lib/i18n/index.ts';
import { useT } from '@/lib/i18n/use-t.ts';
import { paths } from '@/lib/shared/paths.ts';
import Icon from '../common/Icon.tsx';
import Msg from '../common/Msg.tsx';
import RowActions from '../common/list/RowActions.tsx';
import { SMALL_BUTTON_CLASS, formatTime } from '../common/ui.ts';
import { isReaderVisible } from './article-draft.ts';

export const STATUS_KEY: Record<ArticleStatus, MessageKey> = {
  draft: 'blogManage.status.draft',
  published: 'blogManage.status.published',
  scheduled: 'blogManage.status.scheduled',
};

const STATUS_CLASS: Record<ArticleStatus, string> = {
  draft: 'bg-bg text-muted border border-line',
  published: 'bg-accent-soft text-accent',
  scheduled: 'bg-warn-soft text-warn-fg',
};

/** An article in the articles table: title, status, filing, views, dates and its actions. */
export default function ArticleRow({
  article,
  onDelete,
}: {
  article: ManagedArticleSummary;
  onDelete: () => void;
}) {
  const { locale, t } = useT();
  return (
    <tr className="hover:bg-accent-soft/40">
      <th scope="row" className="max-w-80 px-3 py-2.5 text-left font-normal">
        <span className="flex items-start gap-1.5">
          {article.pinned && (
            <span title={t('blogManage.articles.pinned')} className="mt-0.5">
              <Icon name="pin" className="size-4 shrink-0 text-accent" />
              <span className="sr-only">
                <Msg k="blogManage.articles.pinned" />
              </span>
            </span>
          )}
          <a
            href={paths.blogManageEdit('article', article.id)}
            className="line-clamp-2 font-medium hover:text-accent hover:underline"
          >
            {article.title}
          </a>
        </span>
      </th>
      <td className="px-3 py-2.5 whitespace-nowrap">
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_CLASS[article.status]}`}
        >
          <Msg k={STATUS_KEY[article.status]} />
        </span>
      </td>
      <td className="max-w-40 truncate px-3 py-2.5">{article.category.name}</td>
      <td className="px-3 py-2.5">
        {article.tags.length === 0 ? (
          <span className="text-muted">
            <Msg k="blogManage.none" />
          </span>
        ) : (
          <ul className="flex max-w-56 flex-wrap gap-1">
            {article.tags.map((tag) => (
              <li
                key={tag.id}
                className="rounded-full bg-accent-soft px-2 py-0.5 text-xs whitespace-nowrap text-accent"
              >
                {tag.name}
              </li>
            ))}
          </ul>
        )}
      </td>
      <td className="px-3 py-2.5 text-right tabular-nums">{article.views}</td>
      <td className="px-3 py-2.5 whitespace-nowrap">
        {article.publishTime ? (
          <time dateTime={article.publishTime}>{formatTime(article.publishTime, locale)}</time>
        ) : (
          <span className="text-muted">
            <Msg k="blogManage.none" />
          </span>
        )}
      </td>
      <td className="px-3 py-2.5 whitespace-nowrap">
        <time dateTime={article.updateTime}>{formatTime(article.updateTime, locale)}</time>
      </td>
      <RowActions
        editHref={paths.blogManageEdit('article', article.id)}
        edit={{
          text: 'blogManage.edit',
          label: t('blogManage.articles.editNamed', { title: article.title }),
        }}
        onDelete={onDelete}
        remove={{
          text: 'blogManage.delete',
          label: t('blogManage.articles.deleteNamed', { title: article.title }),
        }}
      >
        {isReaderVisible(article) && (
          <a
            href={paths.blogArticle(article.id)}
            className={SMALL_BUTTON_CLASS}
            aria-label={t('blogManage.articles.viewNamed', { title: article.title })}
          >
            <Msg k="blogManage.view" />
          </a>
        )}
      </RowActions>
    </tr>
  );
}
