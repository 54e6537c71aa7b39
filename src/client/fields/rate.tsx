/** rate: antd's star rating (its own module, so only forms with a rating load it). */
import { connect, mapReadPretty } from '@formily/react';
import { Rate as AntRate } from 'antd';

/** Read-only rating: the stars, or '-' when no rating was given (as every empty detail value). */
function RateText(p: { value?: number | null; count?: number; allowHalf?: boolean }) {
  if (p.value === null || p.value === undefined || (p.value as unknown) === '') return <span className="fw-empty-text">-</span>;
  return <AntRate disabled value={p.value} count={p.count} allowHalf={p.allowHalf} />;
}

export const Rate = connect(AntRate, mapReadPretty(RateText));
