import { memo, type DragEvent, type KeyboardEvent } from 'react';
import { useFormat, useT, type Translate } from '../../i18n';
import type { Photo } from './gallery-api';
import { HeldBackMark, heldBackText } from './rights-mark';

/** What a tile reports, by photo id (the grid knows the positions). */
export interface TileActions {
  open(id: number): void;
  key(e: KeyboardEvent<HTMLLIElement>, id: number): void;
  dragStart(e: DragEvent<HTMLLIElement>, id: number): void;
  dragOver(e: DragEvent<HTMLLIElement>, id: number): void;
  drop(e: DragEvent<HTMLLIElement>, id: number): void;
  dragEnd(): void;
}

interface Props {
  photo: Photo;
  editable: boolean;
  dropTarget: boolean;
  actions: TileActions;
}

export const titleOf = (p: Pick<Photo, 'name' | 'id'>, t: Translate): string =>
  p.name ?? t('gallery.photo_fallback', { id: p.id });

/**
 * One thumbnail: opens the side panel on click or Enter; moves by dragging or arrow keys. It
 * knows nothing of its position (the number is a CSS counter, the list gives screen readers
 * "n of m"), so a move re-renders no tile; the styles live on the grid (photo-grid-styles).
 */
function PhotoTileView({ photo, editable, dropTarget, actions }: Props) {
  const t = useT();
  const title = titleOf(photo, t);
  const held = heldBackText(photo, t, useFormat());
  const named = held ? t('gallery.held_label', { title, reason: held }) : title;
  const id = photo.id;
  return (
    <li
      tabIndex={0}
      data-testid="photo-tile"
      data-photo-id={id}
      data-featured={photo.featured ? 'true' : undefined}
      data-drop={dropTarget ? 'true' : undefined}
      draggable={editable}
      aria-label={photo.featured ? t('gallery.featured_label', { title: named }) : named}
      aria-describedby={editable ? 'gallery-keys-help' : undefined}
      onClick={() => actions.open(id)}
      onKeyDown={(e) => actions.key(e, id)}
      onDragStart={(e) => actions.dragStart(e, id)}
      onDragOver={(e) => actions.dragOver(e, id)}
      onDrop={(e) => actions.drop(e, id)}
      onDragEnd={actions.dragEnd}
    >
      <img src={photo.thumbnail} alt={photo.alt ?? title} loading="lazy" decoding="async" draggable={false} />
      <span className="seq" aria-hidden="true" />
      {photo.featured && (
        <span className="star" aria-hidden="true">
          {t('gallery.featured_star')}
        </span>
      )}
      {held && <HeldBackMark reason={photo.held_back} text={held} />}
      <span className="name" aria-hidden="true">
        {title}
      </span>
    </li>
  );
}

/** What a tile shows; the sequence is not among it (renumbering after a move re-renders nothing). */
function same(a: Props, b: Props): boolean {
  const p = a.photo;
  const q = b.photo;
  const photo =
    p === q ||
    (p.id === q.id &&
      p.thumbnail === q.thumbnail &&
      p.name === q.name &&
      p.alt === q.alt &&
      p.featured === q.featured &&
      p.held_back === q.held_back &&
      p.licence_ends === q.licence_ends);
  return photo && a.editable === b.editable && a.dropTarget === b.dropTarget && a.actions === b.actions;
}

export const PhotoTile = memo(PhotoTileView, same);
