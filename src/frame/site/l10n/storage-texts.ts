/**
 * The 'Stay logged in on this browser' screen's texts (../ui/storage-screen.ts)
 * in the 20 locales and the pseudo-locale; the host sends its locale in SyncDappData.
 */
import { pickTexts } from './pick.js';

export interface StorageTexts {
  storageTitle: string;
  storageExplain: string;
  storageAllow: string;
  storageNotNow: string;
  storageAsking: string;
}

const TEXTS: Record<string, StorageTexts> = {
  en: {
    storageTitle: 'Stay logged in on this browser',
    storageExplain:
      "This browser keeps the wallet's data apart from this site. Allow it to keep your login after a reload, or go on without: you stay logged in until you reload the page.",
    storageAllow: 'Allow',
    storageNotNow: 'Not now',
    storageAsking: 'Follow your browser...',
  },
  es: {
    storageTitle: 'Mantener la sesión en este navegador',
    storageExplain:
      'Este navegador guarda los datos de la billetera aparte de este sitio. Permítelo para conservar tu sesión al recargar, o continúa sin ello: seguirás conectado hasta que recargues la página.',
    storageAllow: 'Permitir',
    storageNotNow: 'Ahora no',
    storageAsking: 'Sigue las indicaciones del navegador...',
  },
  fr: {
    storageTitle: 'Rester connecté sur ce navigateur',
    storageExplain:
      'Ce navigateur garde les données du portefeuille à part de ce site. Autorisez-le pour rester connecté après un rechargement, ou continuez sans : vous restez connecté jusqu’au rechargement de la page.',
    storageAllow: 'Autoriser',
    storageNotNow: 'Pas maintenant',
    storageAsking: 'Suivez votre navigateur...',
  },
  de: {
    storageTitle: 'In diesem Browser angemeldet bleiben',
    storageExplain:
      'Dieser Browser trennt die Daten der Wallet von dieser Website. Erlauben Sie den Zugriff, um nach dem Neuladen angemeldet zu bleiben, oder fahren Sie ohne fort: Sie bleiben angemeldet, bis Sie die Seite neu laden.',
    storageAllow: 'Erlauben',
    storageNotNow: 'Nicht jetzt',
    storageAsking: 'Folgen Sie Ihrem Browser …',
  },
  it: {
    storageTitle: 'Resta connesso su questo browser',
    storageExplain:
      'Questo browser tiene i dati del wallet separati da questo sito. Consenti l’accesso per restare connesso dopo un ricaricamento, oppure continua senza: resti connesso finché non ricarichi la pagina.',
    storageAllow: 'Consenti',
    storageNotNow: 'Non ora',
    storageAsking: 'Segui il browser...',
  },
  'pt-BR': {
    storageTitle: 'Continuar conectado neste navegador',
    storageExplain:
      'Este navegador mantém os dados da carteira separados deste site. Permita para manter seu login após recarregar, ou continue sem: você fica conectado até recarregar a página.',
    storageAllow: 'Permitir',
    storageNotNow: 'Agora não',
    storageAsking: 'Siga o navegador...',
  },
  ru: {
    storageTitle: 'Оставаться в системе в этом браузере',
    storageExplain:
      'Этот браузер хранит данные кошелька отдельно от этого сайта. Разрешите доступ, чтобы остаться в системе после перезагрузки, или продолжайте без него: вы останетесь в системе до перезагрузки страницы.',
    storageAllow: 'Разрешить',
    storageNotNow: 'Не сейчас',
    storageAsking: 'Следуйте указаниям браузера...',
  },
  uk: {
    storageTitle: 'Залишатися в системі в цьому браузері',
    storageExplain:
      'Цей браузер зберігає дані гаманця окремо від цього сайту. Дозвольте доступ, щоб залишитися в системі після перезавантаження, або продовжуйте без нього: ви залишитеся в системі до перезавантаження сторінки.',
    storageAllow: 'Дозволити',
    storageNotNow: 'Не зараз',
    storageAsking: 'Виконуйте вказівки браузера...',
  },
  pl: {
    storageTitle: 'Pozostań zalogowany w tej przeglądarce',
    storageExplain:
      'Ta przeglądarka przechowuje dane portfela osobno od tej witryny. Zezwól, aby pozostać zalogowanym po przeładowaniu, lub kontynuuj bez tego: pozostaniesz zalogowany do przeładowania strony.',
    storageAllow: 'Zezwól',
    storageNotNow: 'Nie teraz',
    storageAsking: 'Postępuj zgodnie z przeglądarką...',
  },
  tr: {
    storageTitle: 'Bu tarayıcıda oturumu açık tut',
    storageExplain:
      'Bu tarayıcı cüzdanın verilerini bu siteden ayrı tutar. Yeniden yüklemeden sonra oturumunuzun açık kalması için izin verin ya da izin vermeden devam edin: sayfayı yeniden yükleyene kadar oturumunuz açık kalır.',
    storageAllow: 'İzin ver',
    storageNotNow: 'Şimdi değil',
    storageAsking: 'Tarayıcınızı izleyin...',
  },
  ar: {
    storageTitle: 'ابقَ مسجّل الدخول في هذا المتصفح',
    storageExplain:
      'يحفظ هذا المتصفح بيانات المحفظة بمعزل عن هذا الموقع. اسمح بذلك لتبقى مسجّل الدخول بعد إعادة التحميل، أو تابع دونه: تبقى مسجّل الدخول حتى تعيد تحميل الصفحة.',
    storageAllow: 'السماح',
    storageNotNow: 'ليس الآن',
    storageAsking: 'اتبع تعليمات المتصفح...',
  },
  he: {
    storageTitle: 'להישאר מחוברים בדפדפן הזה',
    storageExplain:
      'הדפדפן הזה שומר את נתוני הארנק בנפרד מהאתר הזה. אפשרו זאת כדי להישאר מחוברים אחרי טעינה מחדש, או המשיכו בלי: תישארו מחוברים עד שתטענו את הדף מחדש.',
    storageAllow: 'אישור',
    storageNotNow: 'לא עכשיו',
    storageAsking: 'עקבו אחר הדפדפן...',
  },
  fa: {
    storageTitle: 'در این مرورگر وارد بمانید',
    storageExplain:
      'این مرورگر داده‌های کیف پول را جدا از این سایت نگه می‌دارد. اجازه دهید تا پس از بارگذاری دوباره وارد بمانید، یا بدون آن ادامه دهید: تا بارگذاری دوبارهٔ صفحه وارد می‌مانید.',
    storageAllow: 'اجازه دادن',
    storageNotNow: 'اکنون نه',
    storageAsking: 'مراحل مرورگر را دنبال کنید...',
  },
  hi: {
    storageTitle: 'इस ब्राउज़र में लॉग इन रहें',
    storageExplain:
      'यह ब्राउज़र वॉलेट का डेटा इस साइट से अलग रखता है। रीलोड के बाद भी लॉग इन रहने के लिए अनुमति दें, या इसके बिना जारी रखें: पेज रीलोड करने तक आप लॉग इन रहेंगे।',
    storageAllow: 'अनुमति दें',
    storageNotNow: 'अभी नहीं',
    storageAsking: 'अपने ब्राउज़र के निर्देशों का पालन करें...',
  },
  'zh-CN': {
    storageTitle: '在此浏览器上保持登录',
    storageExplain: '此浏览器将钱包数据与本网站分开保存。允许后，重新加载后仍保持登录；也可以不允许继续：在重新加载页面之前你都保持登录。',
    storageAllow: '允许',
    storageNotNow: '暂不',
    storageAsking: '请按照浏览器的提示操作...',
  },
  'zh-TW': {
    storageTitle: '在此瀏覽器上保持登入',
    storageExplain:
      '此瀏覽器會將錢包資料與本網站分開保存。允許後，重新載入後仍保持登入；也可以不允許繼續：在重新載入頁面之前你都保持登入。',
    storageAllow: '允許',
    storageNotNow: '暫不',
    storageAsking: '請依照瀏覽器的指示操作...',
  },
  ja: {
    storageTitle: 'このブラウザでログインを維持',
    storageExplain:
      'このブラウザはウォレットのデータをこのサイトとは別に保管します。許可すると再読み込み後もログインが保たれます。許可せずに続けることもでき、その場合はページを再読み込みするまでログインしたままです。',
    storageAllow: '許可',
    storageNotNow: '今はしない',
    storageAsking: 'ブラウザの案内に従ってください...',
  },
  ko: {
    storageTitle: '이 브라우저에서 로그인 유지',
    storageExplain:
      '이 브라우저는 지갑 데이터를 이 사이트와 분리해 보관합니다. 허용하면 새로고침 후에도 로그인이 유지되고, 허용하지 않고 계속하면 페이지를 새로고침할 때까지 로그인 상태가 유지됩니다.',
    storageAllow: '허용',
    storageNotNow: '나중에',
    storageAsking: '브라우저 안내를 따르세요...',
  },
  id: {
    storageTitle: 'Tetap masuk di browser ini',
    storageExplain:
      'Browser ini menyimpan data dompet terpisah dari situs ini. Izinkan agar Anda tetap masuk setelah memuat ulang, atau lanjutkan tanpa izin: Anda tetap masuk sampai halaman dimuat ulang.',
    storageAllow: 'Izinkan',
    storageNotNow: 'Nanti saja',
    storageAsking: 'Ikuti petunjuk browser...',
  },
  vi: {
    storageTitle: 'Duy trì đăng nhập trên trình duyệt này',
    storageExplain:
      'Trình duyệt này lưu dữ liệu của ví tách biệt với trang web này. Hãy cho phép để vẫn đăng nhập sau khi tải lại, hoặc tiếp tục mà không cho phép: bạn vẫn đăng nhập cho đến khi tải lại trang.',
    storageAllow: 'Cho phép',
    storageNotNow: 'Để sau',
    storageAsking: 'Làm theo trình duyệt...',
  },
  'en-XA': {
    storageTitle: '⟦Štáý lóggéd íñ óñ thíš brówšér⟧',
    storageExplain:
      "⟦Thíš brówšér kéépš thé wállét'š dátá ápárt fróm thíš šíté. Állów ít tó kéép ýóúr lógíñ áftér á rélóád, ór gó óñ wíthóút: ýóú štáý lóggéd íñ úñtíl ýóú rélóád thé págé.⟧",
    storageAllow: '⟦Állów⟧',
    storageNotNow: '⟦Ñót ñów⟧',
    storageAsking: '⟦Fóllów ýóúr brówšér...⟧',
  },
};

/** The texts for `locale` (the tag the host sent), English when the frame does not speak it. */
export const storageTexts = (locale: string | undefined): StorageTexts => pickTexts(TEXTS, locale);

/** The locales these texts are in (the test checks they are the product's). */
export const STORAGE_LOCALES = Object.keys(TEXTS);
