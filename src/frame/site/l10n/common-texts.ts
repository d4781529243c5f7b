/**
 * The buttons every frame screen shares (Copy, Done, Cancel)
 * in the 20 locales and the pseudo-locale; the host sends its locale in SyncDappData.
 */
import { pickTexts } from './pick.js';

export interface CommonTexts {
  copy: string;
  copied: string;
  done: string;
  cancel: string;
}

const TEXTS: Record<string, CommonTexts> = {
  en: {
    copy: 'Copy',
    copied: 'Copied',
    done: 'Done',
    cancel: 'Cancel',
  },
  es: {
    copy: 'Copiar',
    copied: 'Copiado',
    done: 'Listo',
    cancel: 'Cancelar',
  },
  fr: {
    copy: 'Copier',
    copied: 'Copié',
    done: 'Terminé',
    cancel: 'Annuler',
  },
  de: {
    copy: 'Kopieren',
    copied: 'Kopiert',
    done: 'Fertig',
    cancel: 'Abbrechen',
  },
  it: {
    copy: 'Copia',
    copied: 'Copiato',
    done: 'Fine',
    cancel: 'Annulla',
  },
  'pt-BR': {
    copy: 'Copiar',
    copied: 'Copiado',
    done: 'Concluído',
    cancel: 'Cancelar',
  },
  ru: {
    copy: 'Копировать',
    copied: 'Скопировано',
    done: 'Готово',
    cancel: 'Отмена',
  },
  uk: {
    copy: 'Копіювати',
    copied: 'Скопійовано',
    done: 'Готово',
    cancel: 'Скасувати',
  },
  pl: {
    copy: 'Kopiuj',
    copied: 'Skopiowano',
    done: 'Gotowe',
    cancel: 'Anuluj',
  },
  tr: {
    copy: 'Kopyala',
    copied: 'Kopyalandı',
    done: 'Bitti',
    cancel: 'İptal',
  },
  ar: {
    copy: 'نسخ',
    copied: 'تم النسخ',
    done: 'تم',
    cancel: 'إلغاء',
  },
  he: {
    copy: 'העתקה',
    copied: 'הועתק',
    done: 'סיום',
    cancel: 'ביטול',
  },
  fa: {
    copy: 'کپی',
    copied: 'کپی شد',
    done: 'تمام',
    cancel: 'لغو',
  },
  hi: {
    copy: 'कॉपी करें',
    copied: 'कॉपी हो गया',
    done: 'हो गया',
    cancel: 'रद्द करें',
  },
  'zh-CN': {
    copy: '复制',
    copied: '已复制',
    done: '完成',
    cancel: '取消',
  },
  'zh-TW': {
    copy: '複製',
    copied: '已複製',
    done: '完成',
    cancel: '取消',
  },
  ja: {
    copy: 'コピー',
    copied: 'コピーしました',
    done: '完了',
    cancel: 'キャンセル',
  },
  ko: {
    copy: '복사',
    copied: '복사됨',
    done: '완료',
    cancel: '취소',
  },
  id: {
    copy: 'Salin',
    copied: 'Disalin',
    done: 'Selesai',
    cancel: 'Batal',
  },
  vi: {
    copy: 'Sao chép',
    copied: 'Đã sao chép',
    done: 'Xong',
    cancel: 'Hủy',
  },
  'en-XA': {
    copy: '⟦Çópý⟧',
    copied: '⟦Çópíéd⟧',
    done: '⟦Dóñé⟧',
    cancel: '⟦Çáñçél⟧',
  },
};

/** The texts for `locale` (the tag the host sent), English when the frame does not speak it. */
export const commonTexts = (locale: string | undefined): CommonTexts => pickTexts(TEXTS, locale);

/** The locales these texts are in (the test checks they are the product's). */
export const COMMON_LOCALES = Object.keys(TEXTS);
