// E-mails the server sends (subject, text, and the same text in HTML), in the recipient's language.
export default {
  greeting: 'こんにちは。',
  linkHint: 'ボタンが開かない場合は、次のリンクをブラウザにコピーしてください：',
  signature: 'Candor チーム',
  footerSecurity: 'これはアカウントのセキュリティに関するお知らせのため、配信を停止できません。ご不明な点はサポートまでお問い合わせください。',
  footerOptional: 'この種類のメールは「設定」のメール通知で停止できます。',
  emailConfirm: {
    subject: 'メールアドレスの確認をお願いします',
    body: 'Candor にご登録いただきありがとうございます。下のボタンからこのメールアドレスを確認してください。確認後に出金できるようになります。',
    action: 'メールアドレスを確認',
    note: 'リンクの有効期限は {{hours}} 時間で、一度だけ使えます。Candor に登録した覚えがない場合は、このメールを無視してください。',
  },
  emailChangeConfirm: {
    subject: '新しいメールアドレスの確認をお願いします',
    body: 'Candor アカウントのメールアドレスを {{email}} に変更するよう依頼がありました。下のボタンから確認してください。確認が済むまでは元のアドレスが使われます。',
    action: '新しいアドレスを確認',
    note: 'リンクの有効期限は {{hours}} 時間で、一度だけ使えます。心当たりがない場合は、このメールを無視してください。',
  },
  emailChangeNotice: {
    subject: 'アカウントのメールアドレスが変更されようとしています',
    body: 'Candor アカウントのメールアドレスを {{email}} に変更するよう依頼がありました。新しいアドレスが確認されると、このアドレスにはお知らせが届かなくなります。',
    note: '心当たりがない場合は、すぐにログインパスワードを変更し、サポートにご連絡ください。',
  },
  passwordReset: {
    subject: 'ログインパスワードの再設定',
    body: 'Candor アカウントのログインパスワード再設定の依頼を受け付けました。下のボタンから新しいログインパスワードを設定してください（取引パスワードは変わりません）。',
    action: 'パスワードを再設定',
    note: 'リンクの有効期限は {{minutes}} 分で、一度だけ使えます。依頼した覚えがない場合は、このメールを無視してください。パスワードは変わりません。',
  },
  passwordChanged: {
    subject: 'ログインパスワードが変更されました',
    body: 'Candor アカウントのログインパスワードが {{at}} に変更され、すべての端末からログアウトしました。',
    note: '心当たりがない場合は、すぐに「パスワードを忘れた」から再設定し、サポートにご連絡ください。',
  },
  newDevice: {
    subject: '新しい端末からログインがありました',
    body: '{{at}} に新しい端末 {{device}}（IP {{ip}}）からアカウントにログインがありました。',
    note: '心当たりがない場合は、すぐにログインパスワードを変更し、設定で他の端末をログアウトしてください。',
  },
  withdrawalRequested: {
    subject: '出金申請 {{orderNo}} を受け付けました',
    body: '出金申請 {{orderNo}}（{{amount}}）を受け付けました。審査中は資金が凍結されます。',
    note: '心当たりがない場合は、すぐにパスワードを変更し、サポートにご連絡ください。',
  },
  withdrawalPaid: {
    subject: '出金 {{orderNo}} が支払われました',
    body: '出金 {{orderNo}}（{{amount}}）が出金先口座に支払われました。',
  },
  withdrawalReturned: {
    subject: '出金 {{orderNo}} が差し戻されました',
    body: '出金 {{orderNo}}（{{amount}}）は承認されず、資金は残高に戻りました。理由：{{reason}}',
  },
  withdrawalCancelled: {
    subject: '出金 {{orderNo}} が取り消されました',
    body: '出金 {{orderNo}}（{{amount}}）は取り消され、資金は残高に戻りました。',
  },
  verificationApproved: {
    subject: '本人確認が承認されました',
    body: '本人確認が承認されました。すべての機能をご利用いただけます。',
  },
  verificationRejected: {
    subject: '本人確認が承認されませんでした',
    body: '本人確認は承認されませんでした。理由：{{reason}}',
    note: 'マイページで情報を修正し、もう一度提出できます。',
  },
};
