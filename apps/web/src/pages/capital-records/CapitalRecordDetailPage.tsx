import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, Icon, Loading, PageHeader } from '../../components';
import { useCapitalRecord, useRelatedDeposit, useRelatedWithdrawal, type Posting, type RecordDetail } from '../../features/records/hooks';
import { parseRef, postingSide } from '../../features/records/model';
import { useOrder } from '../../features/trading/hooks';
import { isApiError } from '../../lib/api';
import { errorText } from '../../lib/errors';
import { formatDateTime, formatMoney, moneySign } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { ROUTES } from '../../lib/paths';
import styles from '../../features/records/records.module.css';

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className={styles.fact}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

function PostingRow({ posting }: { posting: Posting }) {
  const { t } = useTranslation('records');
  const side = postingSide(posting.amount);
  return (
    <li className={styles.posting} data-testid="posting" data-account={posting.account} data-side={side} data-type={posting.type}>
      <span className={styles.rowMain}>
        <span className={styles.rowTitle}>{t(`account.${posting.account}`, { defaultValue: posting.account })}</span>
        <span className={styles.rowMeta}>
          {t(`owner.${posting.owner}`)} · {t(`type.${posting.type}`, { defaultValue: posting.type })} · {posting.entryNo}
        </span>
      </span>
      <span className={styles.rowSide}>
        <span className={side === 'credit' ? `${styles.side} ${styles.sideCredit}` : styles.side}>{side === 'none' ? '—' : t(`particulars.${side}`)}</span>
        <span className="num">{formatMoney(posting.amount.replace(/^-/, ''))}</span>
      </span>
    </li>
  );
}

function RelatedOrder({ id }: { id: string }) {
  const { t } = useTranslation(['records', 'trade']);
  const order = useOrder(id);
  if (order.isPending) return <Loading />;
  if (order.isError) return <p className={styles.muted}>{errorText(order.error, t)}</p>;
  const o = order.data;
  return (
    <dl className={styles.facts} data-testid="related-order">
      <Fact label={t('particulars.orderNo')}>{o.orderNo}</Fact>
      <Fact label={t('particulars.product')}>
        {o.symbol} · {t(`trade:direction.${o.direction}`)}
      </Fact>
      <Fact label={t('particulars.amount')}>
        <span className="num">{formatMoney(o.amount)}</span>
      </Fact>
      <Fact label={t('particulars.status')}>{t(`particulars.order.${o.status}`)}</Fact>
      {o.status === 'settled' ? (
        <Link to={`${ROUTES.receipt}?id=${encodeURIComponent(o.id)}`} className={styles.linkRow} data-testid="related-receipt">
          {t('particulars.viewReceipt')}
          <Icon name="chevron" size={16} />
        </Link>
      ) : null}
    </dl>
  );
}

function RelatedMoney({ kind, id }: { kind: 'deposit' | 'withdrawal'; id: string }) {
  const { t } = useTranslation('records');
  const deposit = useRelatedDeposit(kind === 'deposit' ? id : null);
  const withdrawal = useRelatedWithdrawal(kind === 'withdrawal' ? id : null);
  const q = kind === 'deposit' ? deposit : withdrawal;
  if (q.isPending) return <Loading />;
  if (q.isError) return <p className={styles.muted}>{errorText(q.error, t)}</p>;
  const r = q.data;
  return (
    <dl className={styles.facts} data-testid={`related-${kind}`}>
      <Fact label={t('particulars.orderNo')} testId="related-order-no">
        {r.orderNo}
      </Fact>
      <Fact label={t('particulars.amount')}>
        <span className="num">{formatMoney(r.amount)}</span>
      </Fact>
      <Fact label={t('particulars.status')}>{t(`status.${r.status}`)}</Fact>
      {deposit.data ? <Fact label={t('particulars.method')}>{deposit.data.method.name}</Fact> : null}
      {r.reason ? <Fact label={t('particulars.reason')}>{r.reason}</Fact> : null}
    </dl>
  );
}

function Detail({ record }: { record: RecordDetail }) {
  const { t } = useTranslation('records');
  const sign = moneySign(record.amount);
  const ref = parseRef(record.ref);
  return (
    <>
      <section className={`card ${styles.summary}`}>
        <p className={styles.summaryType}>{t(`type.${record.type}`, { defaultValue: record.type })}</p>
        <p className={`num ${styles.summaryAmount} ${sign > 0 ? 'num--up' : sign < 0 ? 'num--down' : ''}`} data-testid="particulars-amount">
          {formatMoney(record.amount, { sign: true })}
        </p>
        <dl className={styles.facts}>
          <Fact label={t('particulars.entryNo')} testId="particulars-entry-no">
            {record.entryNo}
          </Fact>
          <Fact label={t('particulars.time')}>{formatDateTime(new Date(record.createdAt), currentLanguage())}</Fact>
          <Fact label={t('particulars.account')}>{t(`account.${record.account}`, { defaultValue: record.account })}</Fact>
          {record.status ? (
            <Fact label={t('particulars.status')} testId="particulars-status">
              {t(`rowStatus.${record.status}`)}
            </Fact>
          ) : null}
          {record.returned !== null ? (
            <Fact label={t(record.action === 'order' ? 'particulars.payoutLabel' : 'particulars.returnedLabel')} testId="particulars-returned">
              <span className="num">{formatMoney(record.returned)}</span>
            </Fact>
          ) : null}
          <Fact label={t('particulars.balanceAfter')}>
            <span className="num">{formatMoney(record.balanceAfter)}</span>
          </Fact>
        </dl>
      </section>

      <section className="card" aria-labelledby="postings-title">
        <h2 id="postings-title" className={styles.cardTitle}>
          {t('particulars.postings')}
        </h2>
        <p className={styles.note}>{t('particulars.actionNote')}</p>
        <p className={styles.note}>{t('particulars.postingsNote')}</p>
        <ul className={styles.postings} data-testid="postings">
          {record.postings.map((p, i) => (
            <PostingRow key={i} posting={p} />
          ))}
        </ul>
      </section>

      {ref ? (
        <section className="card" aria-labelledby="related-title">
          <h2 id="related-title" className={styles.cardTitle}>
            {t(`particulars.related.${ref.kind}`)}
          </h2>
          {ref.kind === 'order' ? <RelatedOrder id={ref.id} /> : <RelatedMoney kind={ref.kind} id={ref.id} />}
        </section>
      ) : null}
    </>
  );
}

/** /pages/Particulars/Particulars?id=: one capital record with its journal entry and what it belongs to. */
export default function CapitalRecordDetailPage() {
  const { t } = useTranslation('records');
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const record = useCapitalRecord(id);
  const notFound = !id || (record.isError && isApiError(record.error) && record.error.code === 'NOT_FOUND');
  return (
    <main className="page" data-testid="particulars">
      <PageHeader title={t('particulars.title')} back />
      <div className="page__body">
        {notFound ? (
          <EmptyState
            icon="records"
            title={t('particulars.missing')}
            action={
              <Link to={ROUTES.moneyRecord} className="btn btn--secondary">
                <span className="btn__label">{t('moneyRecord.title')}</span>
              </Link>
            }
          />
        ) : record.isPending ? (
          <Loading />
        ) : record.isError ? (
          <ErrorState message={errorText(record.error, t)} onRetry={() => void record.refetch()} />
        ) : (
          <Detail record={record.data} />
        )}
      </div>
    </main>
  );
}
