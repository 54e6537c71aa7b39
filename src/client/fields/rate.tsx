/** rate: antd's star rating (its own module, so only forms with a rating load it). */
import { connect, mapReadPretty } from '@formily/react';
import { Rate as AntRate } from 'antd';

export const Rate = connect(AntRate, mapReadPretty((p: { value?: number; count?: number; allowHalf?: boolean }) => <AntRate disabled value={p.value ?? 0} count={p.count} allowHalf={p.allowHalf} />));
