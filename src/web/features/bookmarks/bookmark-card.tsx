import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useIntlLocale } from '../../i18n/intl.ts';
import { ExternalLink } from '../../components/external-link.tsx';
import { ConfirmButtons } from '../../lib/confirm-buttons.tsx';
import { useConfirmation } from '../../lib/use-confirmation.ts';
import { useFocusAfterRender } from '../../lib/use-focus-after-render.ts';
import { BookmarkFields, SaveCancelButtons, useBookmarkDraft, type BookmarkDraft } from './bookmark-fields.tsx';
import type { Bookmark } from '../../../shared/bookmarks-api.ts';
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
  const locale = useIntlLocale();
  const [editing, setEditing] = useState(false);
  const { draft, reset, readyToSave, fieldProps } = useBookmarkDraft(() => toDraft(bookmark));
  const [busy, setBusy] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const keepButton = useRef<HTMLButtonElement>(null);
  const titleInput = useRef<HTMLInputElement>(null);
  const focusAfterRender = useFocusAfterRender();
  const deletion = useConfirmation(deleteButton, keepButton);

  const startEditing = () => {
    // Edit is offered only while no delete question is showing.
    reset(toDraft(bookmark));
    focusAfterRender(titleInput);
    setEditing(true);
  };

  const cancelEditing = () => {
    reset(toDraft(bookmark));
    focusAfterRender(editButton);
    setEditing(false);
  };

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const normalized = readyToSave();
    if (!normalized) return;
    setBusy(true);
    const saved = await onSave(normalized);
    setBusy(false);
    if (saved) {
      focusAfterRender(editButton);
      setEditing(false);
    }
  };

  const confirmDelete = async () => {
    if (busy) return;
    setBusy(true);
    const deleted = await onDelete();
    if (!deleted) {
      setBusy(false);
      deletion.dismiss();
    }
  };

  const idPrefix = `bookmark-${bookmark.id}`;

  if (editing) {
    return (
      <article className="bookmark-card bookmark-card-editing">
        <h3 className="visually-hidden">{t('card.editHeading')}</h3>
        <form className="bookmark-form" noValidate onSubmit={(event) => void save(event)}>
          <BookmarkFields idPrefix={idPrefix} {...fieldProps} titleRef={titleInput} />
          <SaveCancelButtons
            draft={draft}
            saving={busy}
            saveLabel={t('card.save')}
            savingLabel={t('card.saving')}
            cancelLabel={t('card.cancel')}
            onCancel={cancelEditing}
          />
        </form>
      </article>
    );
  }

  const href = safeHref(bookmark.url);
  const date = formatBookmarkDate(bookmark.created_at, locale);
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
      {deletion.confirming ? (
        <div className="bookmark-confirm" role="group" aria-label={t('card.confirmDelete')}>
          <p>{t('card.confirmDelete')}</p>
          <ConfirmButtons
            yes={t('card.confirmYes')}
            onYes={() => void confirmDelete()}
            no={t('card.confirmNo')}
            onNo={deletion.dismiss}
            noRef={keepButton}
            busy={busy}
          />
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
            onClick={deletion.ask}
            aria-label={t('card.deleteLabel', { title: bookmark.title })}
          >
            {t('card.delete')}
          </button>
        </div>
      )}
    </article>
  );
}
