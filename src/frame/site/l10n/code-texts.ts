/**
 * What the export screen says of a bad code or a refused check,
 * in the 20 locales and the pseudo-locale; the host sends its locale in SyncDappData.
 * The same words as the modal's (src/elements/l10n/frame-errors.ts), taken from its xliff files.
 */
import { pickTexts } from './pick.js';

export interface CodeTexts {
  codeInvalid: string;
  codeWrong: string;
  codeExpired: string;
  tooManyAttempts: string;
  requestGone: string;
  tooManyRequests: string;
  tryAgain: string;
}

const TEXTS: Record<string, CodeTexts> = {
  en: {
    codeInvalid: 'Enter the 6-digit code from the e-mail',
    codeWrong: 'Invalid code',
    codeExpired: 'Code expired: request a new code',
    tooManyAttempts: 'Too many attempts: request a new code',
    requestGone: 'This request has expired. Please start again.',
    tooManyRequests: 'Too many requests. Please try again later.',
    tryAgain: 'Something went wrong. Please try again.',
  },
  es: {
    codeInvalid: 'Introduce el código de 6 dígitos del correo electrónico',
    codeWrong: 'Código no válido',
    codeExpired: 'El código ha caducado: solicita uno nuevo',
    tooManyAttempts: 'Demasiados intentos: solicita un código nuevo',
    requestGone: 'Esta solicitud ha caducado. Empieza de nuevo.',
    tooManyRequests: 'Demasiadas solicitudes. Inténtalo de nuevo más tarde.',
    tryAgain: 'Algo salió mal. Inténtalo de nuevo.',
  },
  fr: {
    codeInvalid: 'Saisissez le code à 6 chiffres reçu par e-mail',
    codeWrong: 'Code invalide',
    codeExpired: 'Code expiré : demandez un nouveau code',
    tooManyAttempts: 'Trop de tentatives : demandez un nouveau code',
    requestGone: 'Cette demande a expiré. Veuillez recommencer.',
    tooManyRequests: 'Trop de demandes. Veuillez réessayer plus tard.',
    tryAgain: 'Un problème est survenu. Veuillez réessayer.',
  },
  de: {
    codeInvalid: 'Geben Sie den 6-stelligen Code aus der E-Mail ein',
    codeWrong: 'Ungültiger Code',
    codeExpired: 'Code abgelaufen: Fordern Sie einen neuen Code an',
    tooManyAttempts: 'Zu viele Versuche: Fordern Sie einen neuen Code an',
    requestGone: 'Diese Anfrage ist abgelaufen. Bitte beginnen Sie von vorn.',
    tooManyRequests: 'Zu viele Anfragen. Bitte versuchen Sie es später erneut.',
    tryAgain: 'Etwas ist schiefgelaufen. Bitte versuchen Sie es erneut.',
  },
  it: {
    codeInvalid: 'Inserisci il codice di 6 cifre ricevuto via email',
    codeWrong: 'Codice non valido',
    codeExpired: 'Codice scaduto: richiedi un nuovo codice',
    tooManyAttempts: 'Troppi tentativi: richiedi un nuovo codice',
    requestGone: 'Questa richiesta è scaduta. Ricomincia.',
    tooManyRequests: 'Troppe richieste. Riprova più tardi.',
    tryAgain: 'Qualcosa è andato storto. Riprova.',
  },
  'pt-BR': {
    codeInvalid: 'Digite o código de 6 dígitos do e-mail',
    codeWrong: 'Código inválido',
    codeExpired: 'Código expirado: solicite um novo código',
    tooManyAttempts: 'Tentativas demais: solicite um novo código',
    requestGone: 'Esta solicitação expirou. Comece de novo.',
    tooManyRequests: 'Solicitações demais. Tente novamente mais tarde.',
    tryAgain: 'Algo deu errado. Tente novamente.',
  },
  ru: {
    codeInvalid: 'Введите 6-значный код из письма',
    codeWrong: 'Неверный код',
    codeExpired: 'Срок действия кода истёк: запросите новый код',
    tooManyAttempts: 'Слишком много попыток: запросите новый код',
    requestGone: 'Срок действия этого запроса истёк. Начните заново.',
    tooManyRequests: 'Слишком много запросов. Повторите попытку позже.',
    tryAgain: 'Что-то пошло не так. Повторите попытку.',
  },
  uk: {
    codeInvalid: 'Введіть 6-значний код з листа',
    codeWrong: 'Неправильний код',
    codeExpired: 'Термін дії коду минув: запитайте новий код',
    tooManyAttempts: 'Забагато спроб: запитайте новий код',
    requestGone: 'Термін дії цього запиту минув. Почніть спочатку.',
    tooManyRequests: 'Забагато запитів. Спробуйте пізніше.',
    tryAgain: 'Щось пішло не так. Спробуйте ще раз.',
  },
  pl: {
    codeInvalid: 'Wpisz 6-cyfrowy kod z wiadomości e-mail',
    codeWrong: 'Nieprawidłowy kod',
    codeExpired: 'Kod wygasł: poproś o nowy kod',
    tooManyAttempts: 'Zbyt wiele prób: poproś o nowy kod',
    requestGone: 'To żądanie wygasło. Zacznij od nowa.',
    tooManyRequests: 'Zbyt wiele żądań. Spróbuj ponownie później.',
    tryAgain: 'Coś poszło nie tak. Spróbuj ponownie.',
  },
  tr: {
    codeInvalid: 'E-postadaki 6 haneli kodu girin',
    codeWrong: 'Geçersiz kod',
    codeExpired: 'Kodun süresi doldu: yeni bir kod isteyin',
    tooManyAttempts: 'Çok fazla deneme: yeni bir kod isteyin',
    requestGone: 'Bu isteğin süresi doldu. Lütfen baştan başlayın.',
    tooManyRequests: 'Çok fazla istek. Lütfen daha sonra tekrar deneyin.',
    tryAgain: 'Bir şeyler ters gitti. Lütfen tekrar deneyin.',
  },
  ar: {
    codeInvalid: 'أدخل الرمز المكوّن من 6 أرقام من البريد الإلكتروني',
    codeWrong: 'رمز غير صالح',
    codeExpired: 'انتهت صلاحية الرمز: اطلب رمزًا جديدًا',
    tooManyAttempts: 'محاولات كثيرة جدًا: اطلب رمزًا جديدًا',
    requestGone: 'انتهت صلاحية هذا الطلب. يُرجى البدء من جديد.',
    tooManyRequests: 'طلبات كثيرة جدًا. يُرجى المحاولة مرة أخرى لاحقًا.',
    tryAgain: 'حدث خطأ ما. يُرجى المحاولة مرة أخرى.',
  },
  he: {
    codeInvalid: 'הזינו את הקוד בן 6 הספרות מהאימייל',
    codeWrong: 'קוד שגוי',
    codeExpired: 'תוקף הקוד פג: בקשו קוד חדש',
    tooManyAttempts: 'יותר מדי ניסיונות: בקשו קוד חדש',
    requestGone: 'תוקף הבקשה הזו פג. התחילו מחדש.',
    tooManyRequests: 'יותר מדי בקשות. נסו שוב מאוחר יותר.',
    tryAgain: 'משהו השתבש. נסו שוב.',
  },
  fa: {
    codeInvalid: 'کد ۶ رقمی داخل ایمیل را وارد کنید',
    codeWrong: 'کد نامعتبر',
    codeExpired: 'کد منقضی شده است: کد جدیدی درخواست کنید',
    tooManyAttempts: 'تلاش‌های بیش از حد: کد جدیدی درخواست کنید',
    requestGone: 'این درخواست منقضی شده است. لطفاً از نو شروع کنید.',
    tooManyRequests: 'درخواست‌های بیش از حد. لطفاً بعداً دوباره تلاش کنید.',
    tryAgain: 'مشکلی پیش آمد. لطفاً دوباره تلاش کنید.',
  },
  hi: {
    codeInvalid: 'ईमेल में मिला 6 अंकों का कोड दर्ज करें',
    codeWrong: 'अमान्य कोड',
    codeExpired: 'कोड की समय-सीमा समाप्त: नया कोड मांगें',
    tooManyAttempts: 'बहुत अधिक प्रयास: नया कोड मांगें',
    requestGone: 'इस अनुरोध की समय-सीमा समाप्त हो गई है। कृपया फिर से शुरू करें।',
    tooManyRequests: 'बहुत अधिक अनुरोध। कृपया बाद में फिर से कोशिश करें।',
    tryAgain: 'कुछ गलत हो गया। कृपया फिर से कोशिश करें।',
  },
  'zh-CN': {
    codeInvalid: '请输入电子邮件中的 6 位验证码',
    codeWrong: '验证码无效',
    codeExpired: '验证码已过期：请申请新的验证码',
    tooManyAttempts: '尝试次数过多：请申请新的验证码',
    requestGone: '此请求已过期。请重新开始。',
    tooManyRequests: '请求过多。请稍后重试。',
    tryAgain: '出了点问题。请重试。',
  },
  'zh-TW': {
    codeInvalid: '請輸入電子郵件中的 6 位數驗證碼',
    codeWrong: '驗證碼無效',
    codeExpired: '驗證碼已過期：請要求新的驗證碼',
    tooManyAttempts: '嘗試次數過多：請要求新的驗證碼',
    requestGone: '此要求已過期。請重新開始。',
    tooManyRequests: '要求過多。請稍後再試。',
    tryAgain: '出了點問題。請再試一次。',
  },
  ja: {
    codeInvalid: 'メールに記載された 6 桁のコードを入力してください',
    codeWrong: '無効なコード',
    codeExpired: 'コードの有効期限が切れました: 新しいコードをリクエストしてください',
    tooManyAttempts: '試行回数が多すぎます: 新しいコードをリクエストしてください',
    requestGone: 'このリクエストの有効期限が切れました。最初からやり直してください。',
    tooManyRequests: 'リクエストが多すぎます。しばらくしてからもう一度お試しください。',
    tryAgain: '問題が発生しました。もう一度お試しください。',
  },
  ko: {
    codeInvalid: '이메일에 있는 6자리 코드를 입력하세요',
    codeWrong: '잘못된 코드',
    codeExpired: '코드가 만료되었습니다: 새 코드를 요청하세요',
    tooManyAttempts: '시도 횟수가 너무 많습니다: 새 코드를 요청하세요',
    requestGone: '이 요청이 만료되었습니다. 처음부터 다시 시작하세요.',
    tooManyRequests: '요청이 너무 많습니다. 나중에 다시 시도하세요.',
    tryAgain: '문제가 발생했습니다. 다시 시도하세요.',
  },
  id: {
    codeInvalid: 'Masukkan kode 6 digit dari email',
    codeWrong: 'Kode tidak valid',
    codeExpired: 'Kode kedaluwarsa: minta kode baru',
    tooManyAttempts: 'Terlalu banyak percobaan: minta kode baru',
    requestGone: 'Permintaan ini sudah kedaluwarsa. Silakan mulai lagi.',
    tooManyRequests: 'Terlalu banyak permintaan. Silakan coba lagi nanti.',
    tryAgain: 'Ada yang tidak beres. Silakan coba lagi.',
  },
  vi: {
    codeInvalid: 'Nhập mã 6 chữ số trong email',
    codeWrong: 'Mã không hợp lệ',
    codeExpired: 'Mã đã hết hạn: hãy yêu cầu mã mới',
    tooManyAttempts: 'Quá nhiều lần thử: hãy yêu cầu mã mới',
    requestGone: 'Yêu cầu này đã hết hạn. Vui lòng bắt đầu lại.',
    tooManyRequests: 'Quá nhiều yêu cầu. Vui lòng thử lại sau.',
    tryAgain: 'Đã xảy ra sự cố. Vui lòng thử lại.',
  },
  'en-XA': {
    codeInvalid: '⟦Éñtér thé 6-dígít çódé fróm thé é-máíl⟧',
    codeWrong: '⟦Íñválíd çódé⟧',
    codeExpired: '⟦Çódé éxpíréd: réqúéšt á ñéw çódé⟧',
    tooManyAttempts: '⟦Tóó máñý áttémptš: réqúéšt á ñéw çódé⟧',
    requestGone: '⟦Thíš réqúéšt háš éxpíréd. Pléášé štárt ágáíñ.⟧',
    tooManyRequests: '⟦Tóó máñý réqúéštš. Pléášé trý ágáíñ látér.⟧',
    tryAgain: '⟦Šóméthíñg wéñt wróñg. Pléášé trý ágáíñ.⟧',
  },
};

/** The texts for `locale` (the tag the host sent), English when the frame does not speak it. */
export const codeTexts = (locale: string | undefined): CodeTexts => pickTexts(TEXTS, locale);

/** The locales these texts are in (the test checks they are the product's). */
export const CODE_LOCALES = Object.keys(TEXTS);
