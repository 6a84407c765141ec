import styles from './upload.module.css';

/** A determinate progress bar (an upload's share sent) with its text above it. */
export function ProgressBar({ percent, label, text, testId }: { percent: number; label: string; text: string; testId?: string }) {
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <div className={styles.progress} data-testid={testId}>
      <div className={styles.progressHead} aria-hidden="true">
        <span>{text}</span>
        <span className="num">{value}%</span>
      </div>
      <div className={styles.track} role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={value}>
        <div className={styles.bar} style={{ width: `${value}%` }} />
      </div>
    </div>
  );
}
