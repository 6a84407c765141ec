import { useTranslation } from 'react-i18next';
import { Icon } from '../../components';
import { setRiseColour, useRiseColour, type RiseColour } from '../../lib/riseColour';

const CHOICES: readonly RiseColour[] = ['red', 'green'];

/** Rise in red or rise in green: applies at once to every price, change, chart and result, and is remembered. */
export function RiseColourList({ onChosen }: { onChosen?: (colour: RiseColour) => void }) {
  const { t } = useTranslation('user');
  const active = useRiseColour();
  return (
    <ul className="option-list" role="radiogroup" aria-labelledby="rise-title">
      {CHOICES.map((colour) => (
        <li key={colour} role="none">
          <button
            type="button"
            role="radio"
            aria-checked={colour === active}
            className={colour === active ? 'option-list__item option-list__item--active' : 'option-list__item'}
            data-testid={`rise-${colour}`}
            onClick={() => {
              setRiseColour(colour);
              onChosen?.(colour);
            }}
          >
            <span>
              <span className={colour === 'red' ? 'rise-swatch rise-swatch--red' : 'rise-swatch rise-swatch--green'} aria-hidden="true" />
              {t(colour === 'red' ? 'settings.riseRed' : 'settings.riseGreen')}
            </span>
            {colour === active ? <Icon name="check" size={20} /> : null}
          </button>
        </li>
      ))}
    </ul>
  );
}
