/**
 * The 'Add a passkey' screen's texts (../ui/passkey-screen.ts)
 * in the 20 locales and the pseudo-locale; the host sends its locale in SyncDappData.
 */
import { pickTexts } from './pick.js';

export interface PasskeyTexts {
  passkeyTitle: string;
  passkeyExplain: string;
  passkeyPrf: string;
  createPasskey: string;
  creatingPasskey: string;
  passkeysUnsupported: string;
  passkeyNotCreated: string;
}

const TEXTS: Record<string, PasskeyTexts> = {
  en: {
    passkeyTitle: 'Add a passkey',
    passkeyExplain:
      "A passkey lets you log in to this wallet with your device's screen lock or security key, with no e-mail code, on any device where the passkey is available.",
    passkeyPrf:
      'Where your device supports it, the passkey also locks your recovery share, so that from then on not even the wallet server can release it.',
    createPasskey: 'Create passkey',
    creatingPasskey: 'Follow your browser to create the passkey...',
    passkeysUnsupported: 'This browser does not support passkeys',
    passkeyNotCreated: 'The passkey was not created',
  },
  es: {
    passkeyTitle: 'Agregar llave de acceso',
    passkeyExplain:
      'Una llave de acceso te permite iniciar sesión en esta billetera con el bloqueo de pantalla o la llave de seguridad de tu dispositivo, sin código por correo, en cualquier dispositivo donde esté disponible.',
    passkeyPrf:
      'Si tu dispositivo lo admite, la llave de acceso también protege tu parte de recuperación, de modo que desde entonces ni siquiera el servidor de la billetera puede liberarla.',
    createPasskey: 'Crear llave de acceso',
    creatingPasskey: 'Sigue las indicaciones del navegador para crear la llave de acceso...',
    passkeysUnsupported: 'Este navegador no admite llaves de acceso',
    passkeyNotCreated: 'No se creó la llave de acceso',
  },
  fr: {
    passkeyTitle: "Ajouter une clé d'accès",
    passkeyExplain:
      "Une clé d'accès vous permet de vous connecter à ce portefeuille avec le verrouillage d'écran ou la clé de sécurité de votre appareil, sans code par e-mail, sur tout appareil où elle est disponible.",
    passkeyPrf:
      "Si votre appareil le permet, la clé d'accès verrouille aussi votre part de récupération : dès lors, même le serveur du portefeuille ne peut plus la libérer.",
    createPasskey: "Créer une clé d'accès",
    creatingPasskey: "Suivez votre navigateur pour créer la clé d'accès...",
    passkeysUnsupported: "Ce navigateur ne prend pas en charge les clés d'accès",
    passkeyNotCreated: "La clé d'accès n'a pas été créée",
  },
  de: {
    passkeyTitle: 'Passkey hinzufügen',
    passkeyExplain:
      'Mit einem Passkey melden Sie sich mit der Bildschirmsperre oder dem Sicherheitsschlüssel Ihres Geräts bei dieser Wallet an, ohne E-Mail-Code, auf jedem Gerät, auf dem der Passkey verfügbar ist.',
    passkeyPrf:
      'Wo Ihr Gerät es unterstützt, sperrt der Passkey auch Ihren Wiederherstellungsanteil, sodass ihn danach nicht einmal der Wallet-Server freigeben kann.',
    createPasskey: 'Passkey erstellen',
    creatingPasskey: 'Folgen Sie Ihrem Browser, um den Passkey zu erstellen …',
    passkeysUnsupported: 'Dieser Browser unterstützt keine Passkeys',
    passkeyNotCreated: 'Der Passkey wurde nicht erstellt',
  },
  it: {
    passkeyTitle: 'Aggiungi una passkey',
    passkeyExplain:
      'Una passkey ti permette di accedere a questo wallet con il blocco schermo o la chiave di sicurezza del tuo dispositivo, senza codice via email, su qualsiasi dispositivo in cui la passkey è disponibile.',
    passkeyPrf:
      'Se il tuo dispositivo lo supporta, la passkey protegge anche la tua quota di recupero, così da quel momento nemmeno il server del wallet può rilasciarla.',
    createPasskey: 'Crea passkey',
    creatingPasskey: 'Segui il browser per creare la passkey...',
    passkeysUnsupported: 'Questo browser non supporta le passkey',
    passkeyNotCreated: 'La passkey non è stata creata',
  },
  'pt-BR': {
    passkeyTitle: 'Adicionar chave de acesso',
    passkeyExplain:
      'Uma chave de acesso permite entrar nesta carteira com o bloqueio de tela ou a chave de segurança do seu dispositivo, sem código por e-mail, em qualquer dispositivo onde ela esteja disponível.',
    passkeyPrf:
      'Se o seu dispositivo permitir, a chave de acesso também protege sua parte de recuperação, de modo que, a partir daí, nem o servidor da carteira consegue liberá-la.',
    createPasskey: 'Criar chave de acesso',
    creatingPasskey: 'Siga o navegador para criar a chave de acesso...',
    passkeysUnsupported: 'Este navegador não oferece suporte a chaves de acesso',
    passkeyNotCreated: 'A chave de acesso não foi criada',
  },
  ru: {
    passkeyTitle: 'Добавить ключ доступа',
    passkeyExplain:
      'Ключ доступа позволяет входить в этот кошелёк с помощью блокировки экрана или ключа безопасности вашего устройства, без кода из письма, на любом устройстве, где доступен ключ.',
    passkeyPrf:
      'Если устройство это поддерживает, ключ доступа также защищает вашу долю восстановления, и с этого момента даже сервер кошелька не может её выдать.',
    createPasskey: 'Создание ключа доступа',
    creatingPasskey: 'Следуйте указаниям браузера, чтобы создать ключ доступа...',
    passkeysUnsupported: 'Этот браузер не поддерживает ключи доступа',
    passkeyNotCreated: 'Ключ доступа не был создан',
  },
  uk: {
    passkeyTitle: 'Додати ключ доступу',
    passkeyExplain:
      'Ключ доступу дає змогу входити в цей гаманець за допомогою блокування екрана або ключа безпеки вашого пристрою, без коду з листа, на будь-якому пристрої, де доступний ключ.',
    passkeyPrf:
      'Якщо пристрій це підтримує, ключ доступу також захищає вашу частку відновлення, і відтоді навіть сервер гаманця не може її видати.',
    createPasskey: 'Створення ключа доступу',
    creatingPasskey: 'Виконуйте вказівки браузера, щоб створити ключ доступу...',
    passkeysUnsupported: 'Цей браузер не підтримує ключі доступу',
    passkeyNotCreated: 'Ключ доступу не створено',
  },
  pl: {
    passkeyTitle: 'Dodaj klucz dostępu',
    passkeyExplain:
      'Klucz dostępu pozwala logować się do tego portfela blokadą ekranu lub kluczem bezpieczeństwa urządzenia, bez kodu z e-maila, na każdym urządzeniu, na którym klucz jest dostępny.',
    passkeyPrf:
      'Jeśli urządzenie to obsługuje, klucz dostępu blokuje też Twój udział odzyskiwania, tak że odtąd nawet serwer portfela nie może go wydać.',
    createPasskey: 'Utwórz klucz dostępu',
    creatingPasskey: 'Postępuj zgodnie z instrukcjami przeglądarki, aby utworzyć klucz dostępu...',
    passkeysUnsupported: 'Ta przeglądarka nie obsługuje kluczy dostępu',
    passkeyNotCreated: 'Klucz dostępu nie został utworzony',
  },
  tr: {
    passkeyTitle: 'Geçiş anahtarı ekle',
    passkeyExplain:
      'Geçiş anahtarı, bu cüzdana cihazınızın ekran kilidi veya güvenlik anahtarıyla, e-posta kodu olmadan, geçiş anahtarının bulunduğu her cihazda giriş yapmanızı sağlar.',
    passkeyPrf:
      'Cihazınız destekliyorsa geçiş anahtarı kurtarma payınızı da kilitler; böylece bundan sonra cüzdan sunucusu bile onu veremez.',
    createPasskey: 'Geçiş anahtarı oluştur',
    creatingPasskey: 'Geçiş anahtarını oluşturmak için tarayıcınızı izleyin...',
    passkeysUnsupported: 'Bu tarayıcı geçiş anahtarlarını desteklemiyor',
    passkeyNotCreated: 'Geçiş anahtarı oluşturulmadı',
  },
  ar: {
    passkeyTitle: 'إضافة مفتاح مرور',
    passkeyExplain:
      'يتيح لك مفتاح المرور تسجيل الدخول إلى هذه المحفظة بقفل شاشة جهازك أو بمفتاح الأمان، دون رمز عبر البريد الإلكتروني، على أي جهاز يتوفر عليه المفتاح.',
    passkeyPrf:
      'إذا كان جهازك يدعم ذلك، يقفل مفتاح المرور أيضًا حصة الاسترداد الخاصة بك، فلا يستطيع حتى خادم المحفظة الإفراج عنها بعد ذلك.',
    createPasskey: 'إنشاء مفتاح مرور',
    creatingPasskey: 'اتبع تعليمات المتصفح لإنشاء مفتاح المرور...',
    passkeysUnsupported: 'هذا المتصفح لا يدعم مفاتيح المرور',
    passkeyNotCreated: 'لم يُنشأ مفتاح المرور',
  },
  he: {
    passkeyTitle: 'הוספת מפתח גישה',
    passkeyExplain: 'מפתח גישה מאפשר להתחבר לארנק הזה עם נעילת המסך או מפתח האבטחה של המכשיר, בלי קוד באימייל, בכל מכשיר שבו המפתח זמין.',
    passkeyPrf: 'אם המכשיר תומך בכך, מפתח הגישה נועל גם את חלק השחזור שלך, כך שמעתה אפילו שרת הארנק לא יכול לשחרר אותו.',
    createPasskey: 'יצירת מפתח גישה',
    creatingPasskey: 'עקבו אחר הדפדפן כדי ליצור את מפתח הגישה...',
    passkeysUnsupported: 'הדפדפן הזה לא תומך במפתחות גישה',
    passkeyNotCreated: 'מפתח הגישה לא נוצר',
  },
  fa: {
    passkeyTitle: 'افزودن کلید عبور',
    passkeyExplain:
      'کلید عبور به شما امکان می‌دهد با قفل صفحه یا کلید امنیتی دستگاهتان، بدون کد ایمیلی، در هر دستگاهی که کلید در آن در دسترس است وارد این کیف پول شوید.',
    passkeyPrf:
      'اگر دستگاهتان پشتیبانی کند، کلید عبور سهم بازیابی شما را هم قفل می‌کند تا از آن پس حتی سرور کیف پول هم نتواند آن را آزاد کند.',
    createPasskey: 'ساخت کلید عبور',
    creatingPasskey: 'برای ساخت کلید عبور، مراحل مرورگر را دنبال کنید...',
    passkeysUnsupported: 'این مرورگر از کلیدهای عبور پشتیبانی نمی‌کند',
    passkeyNotCreated: 'کلید عبور ساخته نشد',
  },
  hi: {
    passkeyTitle: 'पासकी जोड़ें',
    passkeyExplain:
      'पासकी से आप इस वॉलेट में अपने डिवाइस के स्क्रीन लॉक या सुरक्षा कुंजी से, बिना ईमेल कोड के, किसी भी ऐसे डिवाइस पर लॉग इन कर सकते हैं जहां पासकी उपलब्ध है।',
    passkeyPrf:
      'जहां आपका डिवाइस इसका समर्थन करता है, वहां पासकी आपके रिकवरी हिस्से को भी लॉक कर देती है, ताकि उसके बाद वॉलेट सर्वर भी उसे जारी न कर सके।',
    createPasskey: 'पासकी बनाएं',
    creatingPasskey: 'पासकी बनाने के लिए अपने ब्राउज़र के निर्देशों का पालन करें...',
    passkeysUnsupported: 'यह ब्राउज़र पासकी का समर्थन नहीं करता',
    passkeyNotCreated: 'पासकी नहीं बनाई गई',
  },
  'zh-CN': {
    passkeyTitle: '添加通行密钥',
    passkeyExplain: '通行密钥让你无需电子邮件验证码，即可在任何有此通行密钥的设备上，用设备的屏幕锁或安全密钥登录此钱包。',
    passkeyPrf: '如果你的设备支持，通行密钥还会锁定你的恢复份额，此后连钱包服务器也无法释放它。',
    createPasskey: '创建通行密钥',
    creatingPasskey: '请按照浏览器的提示创建通行密钥...',
    passkeysUnsupported: '此浏览器不支持通行密钥',
    passkeyNotCreated: '未创建通行密钥',
  },
  'zh-TW': {
    passkeyTitle: '新增密碼金鑰',
    passkeyExplain: '密碼金鑰讓你不需電子郵件驗證碼，就能在任何有此密碼金鑰的裝置上，以裝置的螢幕鎖定或安全金鑰登入此錢包。',
    passkeyPrf: '如果你的裝置支援，密碼金鑰也會鎖定你的復原份額，從此連錢包伺服器也無法釋出它。',
    createPasskey: '建立密碼金鑰',
    creatingPasskey: '請依照瀏覽器的指示建立密碼金鑰...',
    passkeysUnsupported: '此瀏覽器不支援密碼金鑰',
    passkeyNotCreated: '未建立密碼金鑰',
  },
  ja: {
    passkeyTitle: 'パスキーを追加',
    passkeyExplain:
      'パスキーを使うと、メールのコードなしで、パスキーを利用できるどのデバイスでも、画面ロックやセキュリティキーでこのウォレットにログインできます。',
    passkeyPrf:
      'デバイスが対応していれば、パスキーは復元用シェアもロックするため、それ以降はウォレットのサーバーでさえそれを渡せなくなります。',
    createPasskey: 'パスキーを作成',
    creatingPasskey: 'ブラウザの案内に従ってパスキーを作成してください...',
    passkeysUnsupported: 'このブラウザはパスキーに対応していません',
    passkeyNotCreated: 'パスキーは作成されませんでした',
  },
  ko: {
    passkeyTitle: '패스키 추가',
    passkeyExplain:
      '패스키를 사용하면 이메일 코드 없이, 패스키를 쓸 수 있는 모든 기기에서 화면 잠금이나 보안 키로 이 지갑에 로그인할 수 있습니다.',
    passkeyPrf: '기기가 지원하면 패스키가 복구 조각도 잠가, 그 후로는 지갑 서버조차 이를 내줄 수 없습니다.',
    createPasskey: '패스키 만들기',
    creatingPasskey: '브라우저 안내에 따라 패스키를 만드세요...',
    passkeysUnsupported: '이 브라우저는 패스키를 지원하지 않습니다',
    passkeyNotCreated: '패스키가 생성되지 않았습니다',
  },
  id: {
    passkeyTitle: 'Tambah kunci sandi',
    passkeyExplain:
      'Kunci sandi memungkinkan Anda masuk ke dompet ini dengan kunci layar atau kunci keamanan perangkat, tanpa kode email, di perangkat mana pun yang memiliki kunci sandi tersebut.',
    passkeyPrf:
      'Jika perangkat Anda mendukungnya, kunci sandi juga mengunci bagian pemulihan Anda, sehingga sejak itu bahkan server dompet pun tidak dapat melepaskannya.',
    createPasskey: 'Buat kunci sandi',
    creatingPasskey: 'Ikuti petunjuk browser untuk membuat kunci sandi...',
    passkeysUnsupported: 'Browser ini tidak mendukung kunci sandi',
    passkeyNotCreated: 'Kunci sandi tidak dibuat',
  },
  vi: {
    passkeyTitle: 'Thêm khóa truy cập',
    passkeyExplain:
      'Khóa truy cập cho phép bạn đăng nhập ví này bằng khóa màn hình hoặc khóa bảo mật của thiết bị, không cần mã qua email, trên bất kỳ thiết bị nào có khóa truy cập.',
    passkeyPrf:
      'Nếu thiết bị hỗ trợ, khóa truy cập còn khóa phần khôi phục của bạn, để từ đó ngay cả máy chủ ví cũng không thể giải phóng nó.',
    createPasskey: 'Tạo khóa truy cập',
    creatingPasskey: 'Làm theo trình duyệt để tạo khóa truy cập...',
    passkeysUnsupported: 'Trình duyệt này không hỗ trợ khóa truy cập',
    passkeyNotCreated: 'Khóa truy cập chưa được tạo',
  },
  'en-XA': {
    passkeyTitle: '⟦Ádd á pášškéý⟧',
    passkeyExplain:
      "⟦Á pášškéý létš ýóú lóg íñ tó thíš wállét wíth ýóúr dévíçé'š šçrééñ lóçk ór šéçúrítý kéý, wíth ñó é-máíl çódé, óñ áñý dévíçé whéré thé pášškéý íš áváíláblé.⟧",
    passkeyPrf:
      '⟦Whéré ýóúr dévíçé šúppórtš ít, thé pášškéý álšó lóçkš ýóúr réçóvérý šháré, šó thát fróm théñ óñ ñót évéñ thé wállét šérvér çáñ réléášé ít.⟧',
    createPasskey: '⟦Çréáté pášškéý⟧',
    creatingPasskey: '⟦Fóllów ýóúr brówšér tó çréáté thé pášškéý...⟧',
    passkeysUnsupported: '⟦Thíš brówšér dóéš ñót šúppórt pášškéýš⟧',
    passkeyNotCreated: '⟦Thé pášškéý wáš ñót çréátéd⟧',
  },
};

/** The texts for `locale` (the tag the host sent), English when the frame does not speak it. */
export const passkeyTexts = (locale: string | undefined): PasskeyTexts => pickTexts(TEXTS, locale);

/** The locales these texts are in (the test checks they are the product's). */
export const PASSKEY_LOCALES = Object.keys(TEXTS);
