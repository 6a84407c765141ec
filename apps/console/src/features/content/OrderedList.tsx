import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LOCALE } from '@candor/contracts';
import { Empty, ErrorState, Loading } from '../../components/States';
import { moved } from './contentForm';
import { contentKeys, useDeleteItem, useOrdered, useReorder, type AdminBanner, type AdminHighlight, type OrderedKind } from './contentApi';
import { Flash, messageOf, useFlash } from './Flash';
import { OrderedItemEditor } from './OrderedItemEditor';

type Item = AdminBanner | AdminHighlight;

/** The home page's banners or highlights in the order the app shows them: move up or down, edit, add, delete. */
export function OrderedList({ kind }: { kind: OrderedKind }) {
  const { t } = useTranslation('consoleContent');
  const list = useOrdered(kind);
  const [editing, setEditing] = useState<Item | 'new' | null>(null);
  const [flash, showFlash] = useFlash();
  const banner = kind === 'banners';

  if (editing) {
    return (
      <OrderedItemEditor
        key={editing === 'new' ? 'new' : editing.id}
        kind={kind}
        item={editing === 'new' ? null : editing}
        onDone={(saved) => {
          setEditing(null);
          if (saved) showFlash({ kind: 'ok', text: (tr) => tr('actions.saved') });
        }}
      />
    );
  }
  return (
    <>
      <div className="button-row">
        <button type="button" className="btn btn-primary" onClick={() => setEditing('new')} data-testid="ordered-add">
          {banner ? t('ordered.addBanner') : t('ordered.addHighlight')}
        </button>
      </div>
      <Flash flash={flash} onDismiss={() => showFlash(null)} />
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <Empty>{banner ? t('ordered.bannersEmpty') : t('ordered.highlightsEmpty')}</Empty>
      ) : (
        <OrderedRows kind={kind} items={list.data} onEdit={setEditing} showFlash={showFlash} />
      )}
    </>
  );
}

function OrderedRows({
  kind,
  items,
  onEdit,
  showFlash,
}: {
  kind: OrderedKind;
  items: Item[];
  onEdit(item: Item): void;
  showFlash: ReturnType<typeof useFlash>[1];
}) {
  const { t } = useTranslation('consoleContent');
  const qc = useQueryClient();
  const reorder = useReorder(kind);
  const remove = useDeleteItem(kind);

  function move(index: number, by: -1 | 1) {
    const ids = moved(
      items.map((i) => i.id),
      index,
      by,
    );
    // Shown in the new order at once; read again from the server when the request ends either way.
    qc.setQueryData<Item[]>(
      contentKeys.ordered(kind),
      ids.map((id) => items.find((i) => i.id === id)!),
    );
    reorder.mutate(ids, {
      onSuccess: () => showFlash({ kind: 'ok', text: (tr) => tr('ordered.orderSaved') }),
      onError: (err) => showFlash({ kind: 'error', text: (tr) => tr('ordered.orderFailed', { message: messageOf(err, '') }) }),
    });
  }
  function del(item: Item) {
    if (!window.confirm(t('ordered.deleteConfirm', { title: titleOf(item) }))) return;
    remove.mutate(item.id, {
      onSuccess: () => showFlash({ kind: 'ok', text: (tr) => tr('actions.deleted') }),
      onError: (err) => showFlash({ kind: 'error', text: (tr) => tr('actions.deleteFailed', { message: messageOf(err, '') }) }),
    });
  }

  return (
    <ol className="ordered-list" data-testid="ordered-list">
      {items.map((item, index) => (
        <li key={item.id} className="ordered-row card" data-testid="ordered-row" data-id={item.id}>
          <span className="ordered-position muted">{t('ordered.position', { n: index + 1 })}</span>
          <span className="ordered-title">
            <strong>{titleOf(item)}</strong>
            {item.missing.length ? <small className="muted"> {`${t('lang.missing')}: ${item.missing.join(', ')}`}</small> : null}
          </span>
          <span className={`pill ${item.published ? 'pill-ok' : 'pill-muted'}`}>{item.published ? t('ordered.published') : t('ordered.hidden')}</span>
          <span className="ordered-actions">
            <button
              type="button"
              className="btn btn-small"
              aria-label={t('ordered.moveUp', { title: titleOf(item) })}
              disabled={index === 0 || reorder.isPending}
              onClick={() => move(index, -1)}
              data-testid="ordered-up"
            >
              ↑ {t('ordered.up')}
            </button>
            <button
              type="button"
              className="btn btn-small"
              aria-label={t('ordered.moveDown', { title: titleOf(item) })}
              disabled={index === items.length - 1 || reorder.isPending}
              onClick={() => move(index, 1)}
              data-testid="ordered-down"
            >
              ↓ {t('ordered.down')}
            </button>
            <button type="button" className="btn btn-small" onClick={() => onEdit(item)} data-testid="ordered-edit">
              {t('actions.edit')}
            </button>
            <button type="button" className="btn btn-small btn-danger" disabled={remove.isPending} onClick={() => del(item)}>
              {t('actions.delete')}
            </button>
          </span>
        </li>
      ))}
    </ol>
  );
}

const titleOf = (item: Item): string => item.translations[DEFAULT_LOCALE]?.title ?? item.id;
