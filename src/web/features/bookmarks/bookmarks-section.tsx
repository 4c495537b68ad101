import { useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { bookmarkMatches } from '../../../shared/validation/bookmark-rules.ts';
import { ApiError } from '../../lib/api-client.ts';
import { errorKeyForCode } from '../auth/error-text.ts';
import { BookmarkCard } from './bookmark-card.tsx';
import { BookmarkFields, SaveCancelButtons, emptyDraft, useBookmarkDraft, type BookmarkDraft } from './bookmark-fields.tsx';
import { useFocusAfterRender } from '../../lib/use-focus-after-render.ts';
import { SignedOutError, useBookmarks } from './use-bookmarks.ts';
import { LoadingLine } from '../../lib/loading-line.tsx';

/** The reason to put after "Failed to …: ", or null when there is none worth showing. */
function reasonOf(error: unknown, t: TFunction): string | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 0) return t('auth:errors.network');
  const key = errorKeyForCode(error.code);
  if (key) return t(key);
  if (error.status >= 500) return t('auth:errors.generic');
  return error.message || null;
}

/**
 * The dashboard's bookmarks (SPEC §2 Dashboard): Add Bookmark (disabled while the form is open), a
 * search box when there is something to search, the add form, the cards in a grid, empty states, and
 * the red banner errors of SPEC §8.
 */
export function BookmarksSection({ userId }: { userId: string | null }) {
  const { t } = useTranslation('dashboard');
  const { bookmarks, loading, loaded, loadError, timedOut, reload, add, update, remove } = useBookmarks(userId);
  const [formOpen, setFormOpen] = useState(false);
  const { draft, reset, readyToSave, fieldProps } = useBookmarkDraft(emptyDraft);
  const [search, setSearch] = useState('');
  const [actionError, setActionError] = useState<string | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const titleInput = useRef<HTMLInputElement>(null);
  const focusAfterRender = useFocusAfterRender();

  const visible = useMemo(() => bookmarks.filter((bookmark) => bookmarkMatches(bookmark, search)), [bookmarks, search]);

  const openForm = () => {
    setActionError(null);
    focusAfterRender(titleInput);
    setFormOpen(true);
  };

  const closeForm = () => {
    reset(emptyDraft);
    focusAfterRender(addButton);
    setFormOpen(false);
  };

  const submitAdd = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (add.isPending) return;
    const normalized = readyToSave();
    // A blank title is silently ignored (the button is disabled too).
    if (!normalized) return;
    setActionError(null);
    try {
      await add.mutateAsync(normalized);
      closeForm();
    } catch (error) {
      if (error instanceof SignedOutError) {
        setActionError(t('errors.signedOut'));
      } else if (error instanceof ApiError && error.code === 'bookmark_limit_reached') {
        setActionError(t('errors.limitReached'));
      } else {
        const reason = reasonOf(error, t);
        setActionError(reason ? t('errors.add', { message: reason }) : t('errors.save'));
      }
    }
  };

  const saveBookmark = async (id: string, changed: BookmarkDraft): Promise<boolean> => {
    setActionError(null);
    try {
      await update.mutateAsync({ id, draft: changed });
      return true;
    } catch {
      setActionError(t('errors.update'));
      return false;
    }
  };

  const deleteBookmark = async (id: string): Promise<boolean> => {
    setActionError(null);
    try {
      await remove.mutateAsync(id);
      // The card is gone: keep keyboard users in the list instead of at the top of the page.
      headingRef.current?.focus();
      return true;
    } catch {
      setActionError(t('errors.remove'));
      return false;
    }
  };

  const loadReason = loadError ? (reasonOf(loadError, t) ?? t('auth:errors.generic')) : null;

  return (
    <section className="dashboard-section bookmarks" aria-labelledby="bookmarks-heading">
      <div className="section-header">
        <h2 id="bookmarks-heading" ref={headingRef} tabIndex={-1}>{t('bookmarks.heading')}</h2>
        <button type="button" ref={addButton} className="button button-primary" onClick={openForm} disabled={formOpen}>
          <span aria-hidden="true">+</span> {t('bookmarks.add')}
        </button>
      </div>

      <div className="banner-stack">
        {actionError ? (
          <div className="error-banner" role="alert">
            <p>{actionError}</p>
            <button type="button" className="button button-small button-on-error" onClick={() => setActionError(null)}>
              {t('errors.dismiss')}
            </button>
          </div>
        ) : null}
        {loadReason ? (
          <div className="error-banner" role="alert">
            <p>{t('errors.load', { message: loadReason })}</p>
            <button type="button" className="button button-small button-on-error" onClick={reload}>
              {t('errors.retry')}
            </button>
          </div>
        ) : null}
        {timedOut && loading ? (
          <div className="error-banner" role="alert">
            <p>{t('errors.timeout')}</p>
          </div>
        ) : null}
      </div>

      {bookmarks.length > 0 ? (
        <div className="field bookmark-search">
          <label htmlFor="bookmark-search">{t('bookmarks.searchLabel')}</label>
          <input
            id="bookmark-search"
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder={t('bookmarks.searchPlaceholder')}
            autoComplete="off"
          />
        </div>
      ) : null}

      {formOpen ? (
        <form className="bookmark-form bookmark-add" noValidate onSubmit={(event) => void submitAdd(event)} aria-labelledby="bookmark-add-heading">
          <h3 id="bookmark-add-heading">{t('form.addHeading')}</h3>
          <BookmarkFields idPrefix="bookmark-new" {...fieldProps} titleRef={titleInput} />
          <SaveCancelButtons
            draft={draft}
            saving={add.isPending}
            saveLabel={t('form.save')}
            savingLabel={t('form.saving')}
            cancelLabel={t('form.cancel')}
            onCancel={closeForm}
          />
        </form>
      ) : null}

      {loading && !timedOut ? (
        <LoadingLine className="loading-line">{t('bookmarks.loading')}</LoadingLine>
      ) : null}

      {loaded && bookmarks.length === 0 && !formOpen ? (
        <div className="empty-state">
          <p>{t('bookmarks.empty')}</p>
          <button type="button" className="button button-secondary" onClick={openForm}>
            {t('bookmarks.addFirst')}
          </button>
        </div>
      ) : null}

      {bookmarks.length > 0 && visible.length === 0 ? (
        <p className="empty-state" role="status">
          {t('bookmarks.noMatch')}
        </p>
      ) : null}

      {visible.length > 0 ? (
        <ul className="bookmark-grid">
          {visible.map((bookmark) => (
            <li key={bookmark.id}>
              <BookmarkCard
                bookmark={bookmark}
                onSave={(changed) => saveBookmark(bookmark.id, changed)}
                onDelete={() => deleteBookmark(bookmark.id)}
              />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
