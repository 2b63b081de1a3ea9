import { useEffect, useState } from 'react';
import {
  deleteArticle,
  listManagedArticles,
  listTerms,
  type ArticleSort,
  type ManagedArticleSummary,
  type Term,
} from '@/lib/api/blog-manage.ts';
import type { Notice } from '@/lib/api/failure.ts';
import { useT } from '@/lib/i18n/use-t.ts';
import { ARTICLE_SEARCH_MAX } from '@/lib/shared/limits.ts';
import { paths } from '@/lib/shared/paths.ts';
import ConfirmDialog from '../common/ConfirmDialog.tsx';
import Msg from '../common/Msg.tsx';
import type { Column } from '../common/list/ColumnHeader.tsx';
import ListEmpty from '../common/list/ListEmpty.tsx';
import ListFilters, { type SearchSpec } from '../common/list/ListFilters.tsx';
import ListHeader from '../common/list/ListHeader.tsx';
import PagedTable from '../common/list/PagedTable.tsx';
import SelectField from '../common/list/SelectField.tsx';
import { usePagedList } from '../common/list/use-paged-list.ts';
import { useSearchBox } from '../common/list/use-search-box.ts';
import { failedNotice, useFeedback } from '../common/use-feedback.ts';
import ArticleRow, { STATUS_KEY } from './ArticleRow.tsx';
import { MANAGE_LIST_WORDS as WORDS } from './list-words.ts';
import {
  ARTICLE_STATUSES,
  DEFAULT_ARTICLE_LIST,
  formatArticleListState,
  isFiltered,
  parseArticleListState,
  toArticleQuery,
  toggleArticleSort,
  type ArticleListState,
} from './list-query.ts';

/** The options of a category or tag filter (and the chosen one, when it is not in the list). */
function TermOptions({ terms, selected }: { terms: Term[]; selected: number | null }) {
  return (
    <>
      {terms.map((term) => (
        <option key={term.id} value={term.id}>
          {term.name}
        </option>
      ))}
      {selected !== null && !terms.some((term) => term.id === selected) && (
        <option value={selected}>#{selected}</option>
      )}
    </>
  );
}

const termId = (value: string) => (value ? Number(value) : null);

const SEARCH: SearchSpec = {
  label: 'blogManage.articles.search',
  placeholder: 'blogManage.articles.searchPlaceholder',
  maxLength: ARTICLE_SEARCH_MAX,
};

const COLUMNS: readonly Column<ArticleSort>[] = [
  { label: 'blogManage.col.title', sort: 'title' },
  { label: 'blogManage.col.status' },
  { label: 'blogManage.col.category' },
  { label: 'blogManage.col.tags' },
  { label: 'blogManage.col.views', sort: 'views' },
  { label: 'blogManage.col.published', sort: 'publishTime' },
  { label: 'blogManage.col.updated', sort: 'updateTime' },
];

/** The articles table of /blog/manage/article/list: search, filters, sortable columns, pages. */
export default function ArticleTable() {
  const { t } = useT();
  const list = usePagedList<ArticleListState, ManagedArticleSummary>({
    initial: DEFAULT_ARTICLE_LIST,
    parse: parseArticleListState,
    format: formatArticleListState,
    load: (s) => listManagedArticles(toArticleQuery(s)),
  });
  const { state, setState, update } = list;
  const search = useSearchBox(state, setState);
  const [categories, setCategories] = useState<Term[]>([]);
  const [tags, setTags] = useState<Term[]>([]);
  const [deleting, setDeleting] = useState<ManagedArticleSummary | null>(null);
  const removal = useFeedback();
  const [notice, setNotice] = useState<Notice | null>(null);

  useEffect(() => {
    listTerms('category').then(setCategories, () => setCategories([]));
    listTerms('tag').then(setTags, () => setTags([]));
  }, []);

  const filtered = isFiltered(state);

  const clearFilters = () => {
    search.clear();
    update({ search: '', status: '', categoryId: null, tagId: null });
  };

  const confirmDelete = () => {
    if (!deleting) return;
    void removal.run(async () => {
      await deleteArticle(deleting.id);
      setNotice({ key: 'blogManage.articles.deleted', vars: { title: deleting.title } });
      setDeleting(null);
      list.reload();
      return null;
    });
  };

  return (
    <div className="grid gap-4">
      <ListHeader
        addHref={paths.blogManageAdd('article')}
        addKey="blogManage.articles.new"
        notice={notice}
      />

      <div className="card min-w-0 overflow-hidden">
        <ListFilters
          words={WORDS}
          className="sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_repeat(4,minmax(0,1fr))]"
          search={{ ...SEARCH, box: search }}
          paging={list}
        >
          <SelectField
            label="blogManage.articles.status"
            value={state.status}
            onChange={(status) => update({ status: status as ArticleListState['status'] })}
          >
            <option value="">{t('blogManage.articles.statusAll')}</option>
            {ARTICLE_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(STATUS_KEY[status])}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="blogManage.articles.category"
            value={state.categoryId ?? ''}
            onChange={(id) => update({ categoryId: termId(id) })}
          >
            <option value="">{t('blogManage.articles.categoryAll')}</option>
            <TermOptions terms={categories} selected={state.categoryId} />
          </SelectField>
          <SelectField
            label="blogManage.articles.tag"
            value={state.tagId ?? ''}
            onChange={(id) => update({ tagId: termId(id) })}
          >
            <option value="">{t('blogManage.articles.tagAll')}</option>
            <TermOptions terms={tags} selected={state.tagId} />
          </SelectField>
        </ListFilters>

        <PagedTable
          list={list}
          words={WORDS}
          caption="blogManage.articles.caption"
          minWidthClass="min-w-[60rem]"
          columns={COLUMNS}
          sorting={{ ...state, onSort: (key) => setState((s) => toggleArticleSort(s, key)) }}
          actions="blogManage.col.actions"
          empty={
            <ListEmpty
              words={WORDS}
              filtered={filtered}
              emptyKey="blogManage.articles.empty"
              onClear={clearFilters}
              action={
                <a href={paths.blogManageAdd('article')} className="btn mt-3">
                  <Msg k="blogManage.articles.new" />
                </a>
              }
            />
          }
          row={(article) => (
            <ArticleRow
              key={article.id}
              article={article}
              onDelete={() => {
                removal.reset();
                setDeleting(article);
              }}
            />
          )}
        />
      </div>

      <ConfirmDialog
        open={deleting !== null}
        titleKey="blogManage.articles.deleteTitle"
        confirmKey="blogManage.delete"
        danger
        busy={removal.busy}
        error={failedNotice(removal.feedback)}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      >
        <p>
          <Msg k="blogManage.articles.deleteBody" vars={{ title: deleting?.title ?? '' }} />
        </p>
      </ConfirmDialog>
    </div>
  );
}
