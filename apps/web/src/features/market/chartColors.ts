/** Chart colours (canvas cannot read CSS variables): the --c-up / --c-down of styles/app.css. */
export const CHART_COLORS = {
  up: '#16a34a',
  down: '#e5484d',
  background: '#ffffff',
  text: '#8f97a8',
  grid: '#f1f3f6',
} as const;
