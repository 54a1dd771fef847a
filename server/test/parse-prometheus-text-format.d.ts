/**
 * Types of `parse-prometheus-text-format` (it ships none): the Prometheus text format parsed into
 * metric families, in prom2json's shape. Every value stays the text it was written as (`"3"`, `"+Inf"`).
 */
declare module 'parse-prometheus-text-format' {
  /** One sample of a counter, gauge or untyped metric, or one labelled histogram or summary. */
  export interface PrometheusSample {
    value?: string;
    labels?: Record<string, string>;
    /** A histogram's cumulative bucket counts, by upper bound (`"0.005"`, …, `"+Inf"`). */
    buckets?: Record<string, string>;
    /** A summary's quantiles, by quantile (`"0.5"`, `"0.99"`). */
    quantiles?: Record<string, string>;
    count?: string;
    sum?: string;
  }

  /** A metric family: its name, `# HELP` text, `# TYPE` in capitals, and its samples. */
  export interface PrometheusFamily {
    name: string;
    help: string;
    type: 'COUNTER' | 'GAUGE' | 'HISTOGRAM' | 'SUMMARY' | 'UNTYPED';
    metrics: PrometheusSample[];
  }

  /**
   * Parses a whole exposition.
   *
   * @throws `InvalidLineError` ("Encountered invalid line: …") at the first line that is not the text format
   */
  export default function parsePrometheusTextFormat(text: string): PrometheusFamily[];
}
