import { css } from 'lit';

export const appMetricsStyles = css`
  :host {
    display: block;
    max-width: 640px;
    position: relative;
  }
  .title {
    margin: 0 0 8px;
    font-weight: 650;
  }
  .chart {
    display: block;
    overflow: visible;
    font-size: 13px;
  }
  .name {
    fill: var(--_text);
  }
  .count {
    fill: var(--_muted);
    font-variant-numeric: tabular-nums;
  }
  .track {
    fill: var(--_surface);
  }
  .bar {
    fill: var(--_accent);
  }
  .table {
    width: 100%;
    border-collapse: collapse;
  }
  .table caption {
    text-align: start;
    font-weight: 650;
    padding-bottom: 8px;
  }
  .table th,
  .table td {
    padding: 6px 8px;
    border-bottom: 1px solid var(--_border);
    text-align: start;
    font-weight: normal;
    overflow-wrap: anywhere;
  }
  .table thead th {
    color: var(--_muted);
    font-size: 0.85em;
  }
  .table td,
  .table thead th:last-child {
    text-align: end;
    font-variant-numeric: tabular-nums;
  }
`;
