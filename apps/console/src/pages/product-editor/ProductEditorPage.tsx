import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { AdminProduct } from '@candor/contracts';
import { ApiError } from '../../lib/api/client';
import { useAdminProducts } from '../../lib/api/queries';
import { useOperator } from '../../lib/auth/AuthProvider';
import { PageHeader } from '../../components/Shell';
import { Empty, ErrorState, Loading } from '../../components/States';
import { formatDateTime, formatInstant } from '../../lib/format';
import { AvailabilitySection } from '../../features/products/editor/AvailabilitySection';
import { EffectiveAtSection } from '../../features/products/editor/EffectiveAtSection';
import { ExpiriesSection } from '../../features/products/editor/ExpiriesSection';
import { HolidaysSection } from '../../features/products/editor/HolidaysSection';
import { HoursSection } from '../../features/products/editor/HoursSection';
import { MaintenanceSection } from '../../features/products/editor/MaintenanceSection';
import { NamesSection } from '../../features/products/editor/NamesSection';
import { PriceSourcesSection } from '../../features/products/editor/PriceSourcesSection';
import { PricingSection } from '../../features/products/editor/PricingSection';
import { SaveBar } from '../../features/products/editor/SaveBar';
import { HonestyNote } from '../../features/products/HonestyNote';
import { localInputToIso, splitChanges } from '../../features/products/productForm';
import { productName } from '../../features/products/productText';
import { ScheduledChangesPanel } from '../../features/products/ScheduledChangesPanel';
import { useLeaveGuard } from '../../features/products/useLeaveGuard';
import { useProductForm } from '../../features/products/useProductForm';
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
