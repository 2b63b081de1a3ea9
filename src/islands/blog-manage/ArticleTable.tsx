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
import ChoiceFilter from '../common/list/ChoiceFilter.tsx';
import type { Column } from '../common/list/ColumnHeader.tsx';
import FilteredTable from '../common/list/FilteredTable.tsx';
import type { SearchSpec } from '../common/list/ListFilters.tsx';
import ListHeader, { type AddLink } from '../common/list/ListHeader.tsx';
import SelectField from '../common/list/SelectField.tsx';
import { useConfirmedDelete } from '../common/list/use-confirmed-delete.ts';
import { useFilteredList } from '../common/list/use-filtered-list.ts';
import ArticleRow, { STATUS_KEY } from './ArticleRow.tsx';
import { MANAGE_LIST_WORDS as WORDS } from './list-words.ts';
import {
  ARTICLE_STATUSES,
  DEFAULT_ARTICLE_LIST,
  formatArticleListState,
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

const ADD: AddLink = { href: paths.blogManageAdd('article'), text: 'blogManage.articles.new' };

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
  const list = useFilteredList<ArticleListState, ManagedArticleSummary>({
    initial: DEFAULT_ARTICLE_LIST,
    parse: parseArticleListState,
    format: formatArticleListState,
    load: (s) => listManagedArticles(toArticleQuery(s)),
    toggleSort: toggleArticleSort,
  });
  const { state, update } = list;
  const [categories, setCategories] = useState<Term[]>([]);
  const [tags, setTags] = useState<Term[]>([]);
  const [notice, setNotice] = useState<Notice | null>(null);
  const removal = useConfirmedDelete(
    (article: ManagedArticleSummary) => deleteArticle(article.id),
    (article) => {
      setNotice({ key: 'blogManage.articles.deleted', vars: { title: article.title } });
      list.reload();
    },
  );
  const { deleting } = removal;

  useEffect(() => {
    listTerms('category').then(setCategories, () => setCategories([]));
    listTerms('tag').then(setTags, () => setTags([]));
  }, []);

  return (
    <div className="grid gap-4">
      <ListHeader add={ADD} notice={notice} />

      <FilteredTable
        list={list}
        words={WORDS}
        search={SEARCH}
        filtersClassName="sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_repeat(4,minmax(0,1fr))]"
        caption="blogManage.articles.caption"
        minWidthClass="min-w-[60rem]"
        columns={COLUMNS}
        actions="blogManage.col.actions"
        emptyKey="blogManage.articles.empty"
        add={ADD}
        row={(article) => (
          <ArticleRow key={article.id} article={article} onDelete={() => removal.ask(article)} />
        )}
      >
        <ChoiceFilter
          label="blogManage.articles.status"
          value={state.status}
          onChange={(status) => update({ status })}
          all="blogManage.articles.statusAll"
          choices={ARTICLE_STATUSES}
          words={STATUS_KEY}
        />
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
      </FilteredTable>

      <ConfirmDialog
        {...removal.dialogProps}
        titleKey="blogManage.articles.deleteTitle"
        confirmKey="blogManage.delete"
      >
        <p>
          <Msg k="blogManage.articles.deleteBody" vars={{ title: deleting?.title ?? '' }} />
        </p>
      </ConfirmDialog>
    </div>
  );
}
