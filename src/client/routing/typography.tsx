/**
 * antd `Typography.Title` / `Text` / `Link` under the names the pages import (antd's own
 * components; `Link` adds `rel="noopener noreferrer"` to a `target="_blank"` link itself).
 */
import { Typography } from 'antd';

export const { Title, Text, Link } = Typography;
