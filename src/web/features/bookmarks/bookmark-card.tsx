import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizeBookmarkUrl } from '../../../shared/validation/bookmark-rules.ts';
import { ExternalLink } from '../../components/external-link.tsx';
import { BookmarkFields, draftSavable, type BookmarkDraft } from './bookmark-fields.tsx';
import type { Bookmark } from './bookmarks-api.ts';
import { formatBookmarkDate } from './format-date.ts';

function toDraft(bookmark: Bookmark): BookmarkDraft {
  return { title: bookmark.title, url: bookmark.url ?? '', description: bookmark.description ?? '' };
}

/** Only http(s) addresses become links, whatever the server holds. */
function safeHref(url: string | null): string | null {
  return url && /^https?:\/\//i.test(url) ? url : null;
}

interface BookmarkCardProps {
  bookmark: Bookmark;
  /** Resolves true when saved; the card then leaves edit mode. */
  onSave: (draft: BookmarkDraft) => Promise<boolean>;
  onDelete: () => Promise<boolean>;
}

/** One bookmark: view mode, or edit mode with Save and Cancel (Cancel restores the saved values). */
export function BookmarkCard({ bookmark, onSave, onDelete }: BookmarkCardProps) {
  const { t } = useTranslation('dashboard');
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<BookmarkDraft>(() => toDraft(bookmark));
  const [urlTouched, setUrlTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const keepButton = useRef<HTMLButtonElement>(null);
  const titleInput = useRef<HTMLInputElement>(null);
  const focusAfter = useRef<'title' | 'edit' | 'keep' | 'delete' | null>(null);

  useEffect(() => {
    const target = focusAfter.current;
    focusAfter.current = null;
    if (target === 'title') titleInput.current?.focus();
    if (target === 'edit') editButton.current?.focus();
    if (target === 'keep') keepButton.current?.focus();
    if (target === 'delete') deleteButton.current?.focus();
  }, [editing, confirmingDelete]);

  const startEditing = () => {
    setDraft(toDraft(bookmark));
    setUrlTouched(false);
    setConfirmingDelete(false);
    focusAfter.current = 'title';
    setEditing(true);
  };

  const cancelEditing = () => {
    setDraft(toDraft(bookmark));
    setUrlTouched(false);
    focusAfter.current = 'edit';
    setEditing(false);
  };

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const normalized = { ...draft, url: normalizeBookmarkUrl(draft.url) };
    setDraft(normalized);
    setUrlTouched(true);
    if (!draftSavable(normalized)) return;
    setBusy(true);
    const saved = await onSave(normalized);
    setBusy(false);
    if (saved) {
      focusAfter.current = 'edit';
      setEditing(false);
    }
  };

  const confirmDelete = async () => {
    if (busy) return;
    setBusy(true);
    const deleted = await onDelete();
    if (!deleted) {
      setBusy(false);
      focusAfter.current = 'delete';
      setConfirmingDelete(false);
    }
  };

  const idPrefix = `bookmark-${bookmark.id}`;

  if (editing) {
    return (
      <article className="bookmark-card bookmark-card-editing">
        <h3 className="visually-hidden">{t('card.editHeading')}</h3>
        <form className="bookmark-form" noValidate onSubmit={(event) => void save(event)}>
          <BookmarkFields
            idPrefix={idPrefix}
            draft={draft}
            onChange={setDraft}
            urlTouched={urlTouched}
            onUrlBlur={() => setUrlTouched(true)}
            titleRef={titleInput}
          />
          <div className="button-row">
            <button type="submit" className="button button-primary" disabled={busy || !draftSavable(draft)}>
              {busy ? t('card.saving') : t('card.save')}
            </button>
            <button type="button" className="button button-secondary" onClick={cancelEditing} disabled={busy}>
              {t('card.cancel')}
            </button>
          </div>
        </form>
      </article>
    );
  }

  const href = safeHref(bookmark.url);
  const date = formatBookmarkDate(bookmark.created_at);
  return (
    <article className="bookmark-card">
      <h3 className="bookmark-title">{href ? <ExternalLink href={href}>{bookmark.title}</ExternalLink> : bookmark.title}</h3>
      {bookmark.url ? <p className="bookmark-url">{bookmark.url}</p> : null}
      {bookmark.description ? <p className="bookmark-description">{bookmark.description}</p> : null}
      {date ? (
        <p className="bookmark-date">
          <time dateTime={bookmark.created_at}>{t('card.added', { date })}</time>
        </p>
      ) : null}
      {confirmingDelete ? (
        <div className="bookmark-confirm" role="group" aria-label={t('card.confirmDelete')}>
          <p>{t('card.confirmDelete')}</p>
          <div className="button-row">
            <button type="button" className="button button-danger" onClick={() => void confirmDelete()} disabled={busy}>
              {t('card.confirmYes')}
            </button>
            <button
              type="button"
              ref={keepButton}
              className="button button-secondary"
              disabled={busy}
              onClick={() => {
                focusAfter.current = 'delete';
                setConfirmingDelete(false);
              }}
            >
              {t('card.confirmNo')}
            </button>
          </div>
        </div>
      ) : (
        <div className="button-row bookmark-actions">
          <button
            type="button"
            ref={editButton}
            className="button button-secondary button-small"
            onClick={startEditing}
            aria-label={t('card.editLabel', { title: bookmark.title })}
          >
            {t('card.edit')}
          </button>
          <button
            type="button"
            ref={deleteButton}
            className="button button-quiet-danger button-small"
            onClick={() => {
              focusAfter.current = 'keep';
              setConfirmingDelete(true);
            }}
            aria-label={t('card.deleteLabel', { title: bookmark.title })}
          >
            {t('card.delete')}
          </button>
        </div>
      )}
    </article>
  );
}
