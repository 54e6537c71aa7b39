/** What the tax-platform calls did, in the words the user reads after each dialog. Pure. */
import type { CertificationApplied, CertificationOutcome, CollectionOutcome, GoodsSyncOutcome, StateOutcome } from '../../api/taxPlatform';

/** Platform moments are yyyyMMddHHmmss (spec 02 §5). */
export function platformMoment(d: { format(pattern: string): string }): string {
  return d.format('YYYYMMDDHHmmss');
}

const TRUNCATED = '本时间段发票较多，只处理了前 20 页，请缩短时间段后继续';

/** One line, then a line per refused item. */
export interface OutcomeText {
  summary: string;
  details: string[];
}

/** 发票采集's end (a job's result: done, or cancelled after some pages). */
export function collectionText(o: CollectionOutcome): OutcomeText {
  const drafts = o.draftCount ? `（其中 ${o.draftCount} 张已暂存，待补充后提交）` : '';
  const failed = o.failedCount ? `，失败 ${o.failedCount} 张` : '';
  const head = o.cancelled ? `已取消，已采集的 ${o.pages} 页已保存` : '采集完成';
  const more = (shown: number, all: number) => (all > shown ? [`……另有 ${all - shown} 张未列出`] : []);
  return {
    summary: `${head}：新增 ${o.added} 张${drafts}，更新 ${o.updated} 张，已存在 ${o.skipped} 张${failed}${o.truncated ? '。页数已达单次采集上限，请缩短时间段后继续' : ''}`,
    details: [
      ...o.drafts.map((d) => `${d.fphm}：${d.msg}`), ...more(o.drafts.length, o.draftCount),
      ...o.failed.map((f) => `${f.fphm}：${f.msg}`), ...more(o.failed.length, o.failedCount),
    ],
  };
}

/** A collection job's progress line: pages read of the platform's pages. */
export function collectionProgress(job: { status: string; done: number; total: number | null } | undefined): string {
  if (!job || job.status === 'queued') return '排队中…';
  return job.total ? `正在采集：第 ${job.done} / ${job.total} 页` : job.done ? `正在采集：已完成 ${job.done} 页` : '正在采集…';
}

export function stateText(o: StateOutcome): OutcomeText {
  const unknown = o.unknown ? `，台账中没有的发票 ${o.unknown} 张` : '';
  return { summary: `状态采集完成：更新 ${o.updated} 张，无变化 ${o.unchanged} 张${unknown}${o.truncated ? `。${TRUNCATED}` : ''}`, details: [] };
}

export function appliedText(o: CertificationApplied): OutcomeText {
  const failed = o.failed.length ? `；${o.failed.length} 张未能写入认证类型和税款所属期` : '';
  return {
    summary: `已提交认证 ${o.accepted} 张发票，请稍后点击“认证结果”获取结果${failed}`,
    details: o.failed.map((f) => `${f.fphm}：${f.msg}`),
  };
}

export function certificationText(o: CertificationOutcome): OutcomeText {
  return {
    summary: `认证结果：已认证 ${o.certified} 张，处理中 ${o.processing} 张，未通过 ${o.failed.length} 张`,
    details: o.failed.map((f) => `${f.fphm}：${f.msg}`),
  };
}

export function goodsText(o: GoodsSyncOutcome): OutcomeText {
  const failed = o.failed.length ? `，未同步 ${o.failed.length} 个` : '';
  return {
    summary: `同步完成：新增 ${o.added} 个，更新 ${o.updated} 个，无变化 ${o.unchanged} 个${failed}${o.truncated ? '。商品较多，只处理了前 20 页，请再次同步' : ''}`,
    details: o.failed.map((f) => (f.spbm ? `${f.spbm}：${f.msg}` : f.msg)),
  };
}
