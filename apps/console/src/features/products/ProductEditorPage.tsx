import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { AdminProduct } from '@candor/contracts';
import { ApiError } from '../../api/client';
import { useAdminProducts } from '../../api/queries';
import { useOperator } from '../../auth/AuthProvider';
import { PageHeader } from '../../components/Shell';
import { Empty, ErrorState, Loading } from '../../components/States';
import { formatDateTime, formatInstant } from '../../components/format';
import { AvailabilitySection } from './editor/AvailabilitySection';
import { EffectiveAtSection } from './editor/EffectiveAtSection';
import { ExpiriesSection } from './editor/ExpiriesSection';
import { HolidaysSection } from './editor/HolidaysSection';
import { HoursSection } from './editor/HoursSection';
import { MaintenanceSection } from './editor/MaintenanceSection';
import { NamesSection } from './editor/NamesSection';
import { PriceSourcesSection } from './editor/PriceSourcesSection';
import { PricingSection } from './editor/PricingSection';
import { SaveBar } from './editor/SaveBar';
import { HonestyNote } from './HonestyNote';
import { localInputToIso, splitChanges } from './productForm';
import { productName } from './productText';
import { ScheduledChangesPanel } from './ScheduledChangesPanel';
import { useLeaveGuard } from './useLeaveGuard';
import { useProductForm } from './useProductForm';
import { PermissionGate } from '../../components/PermissionGate';

function ProductEditorScreen() {
  const { symbol = '' } = useParams();
  const { t } = useTranslation();
  const q = useAdminProducts();
  const product = q.data?.find((p) => p.symbol === symbol);
  return (
    <>
      <PageHeader title={product ? `${product.symbol} · ${productName(product)}` : symbol}>
        <Link className="btn" to="/products">
          {t('products.backToList')}
        </Link>
      </PageHeader>
      <HonestyNote />
      {q.isPending ? (
        <Loading />
      ) : q.isError ? (
        <ErrorState error={q.error} onRetry={() => void q.refetch()} />
      ) : !product ? (
        <Empty>{t('products.notFound', { symbol })}</Empty>
      ) : (
        <Editor key={product.symbol} product={product} />
      )}
    </>
  );
}

/** One product's settings; roles with products.write change them, the others see them read-only. */
function Editor({ product }: { product: AdminProduct }) {
  const { t } = useTranslation();
  const operator = useOperator();
  const canEdit = operator.permissions.includes('products.write');
  const editor = useProductForm(product, canEdit);
  const { form, errors, update } = editor;
  useLeaveGuard(canEdit && editor.dirty, editor.pending);

  // A refused effectiveAt names the earliest allowed time: the server's (when it answered) or the one last read.
  const earliestAt = editor.serverError instanceof ApiError && editor.serverError.earliestAt ? editor.serverError.earliestAt : product.earliestEffectiveAt;
  const err = (path: string) => (errors[path] ? t(`products.errors.${errors[path]}`, formatInstant(earliestAt)) : null);
  const schedule = { earliest: product.earliestEffectiveAt, pending: product.scheduledChanges };
  const section = { form, update, err, schedule };
  const chosen = form.effectiveAt.trim() ? localInputToIso(form.effectiveAt) : null;
  const scheduledEdits = splitChanges(editor.diff).scheduled;

  return (
    <>
      <ScheduledChangesPanel product={product} canEdit={canEdit} />
      <form ref={editor.formRef} className="editor" onSubmit={editor.submit} noValidate data-testid="product-editor" data-symbol={product.symbol}>
        {!canEdit ? (
          <p className="notice notice-info" data-testid="read-only">
            {t('products.readOnly', { role: t(`roles.${operator.role}`) })}
          </p>
        ) : null}
        <p className="muted small">
          {t(`products.categories.${product.category}`)} · {t('products.updatedAt')}: {formatDateTime(editor.baseline.updatedAt)}
        </p>

        <fieldset disabled={!canEdit || editor.pending} className="editor-fields">
          <AvailabilitySection {...section} />
          <MaintenanceSection {...section} />
          <NamesSection {...section} />
          <PricingSection {...section} />
          <PriceSourcesSection {...section} symbol={product.symbol} />
          <ExpiriesSection {...section} />
          <HoursSection {...section} />
          <HolidaysSection {...section} />
          {canEdit ? <EffectiveAtSection {...section} scheduledEdits={scheduledEdits} /> : null}
        </fieldset>

        {canEdit ? (
          <SaveBar
            diff={editor.diff}
            scheduledAt={{ ...formatInstant(chosen ?? product.earliestEffectiveAt), chosen: chosen !== null }}
            dirty={editor.dirty}
            pending={editor.pending}
            errorCount={Object.keys(errors).length}
            saved={editor.saved}
            pendingIds={new Set(product.scheduledChanges.map((c) => c.id))}
            serverError={editor.serverError}
            onDiscard={editor.discard}
          />
        ) : null}
      </form>
    </>
  );
}

export function ProductEditorPage() {
  return (
    <PermissionGate permission="products.read">
      <ProductEditorScreen />
    </PermissionGate>
  );
}
