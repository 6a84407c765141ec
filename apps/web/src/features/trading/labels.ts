import { useTranslation } from 'react-i18next';
import { splitDuration } from '../../lib/format';

/** "30s", "5 min", "1 h" in the reader's language. */
export function useDurationLabel(): (seconds: number) => string {
  const { t } = useTranslation('trade');
  return (seconds: number) => {
    const { value, unit } = splitDuration(seconds);
    return t(`duration.${unit}`, { value });
  };
}
