/// What the server says: the providers it enables and custom data changed on it, and results
/// meant for the screen on show (API keys, history, a log-in on another device, an account message).
func serverSaid(_ model: inout Model, _ action: Action) -> [Effect] {
    switch action {
    case .providersLoaded(let types):
        let choices = types.flatMap(LoginForm.Provider.offered(for:))
        guard !choices.isEmpty else { return [] }
        model.providerChoices = choices
        return updateShownScreen(&model, action)
    case .customDataChanged(let userId, let data, let time):
        // Said once the users read again show it: never "changed just now" over the old value.
        model.list.detail.customDataArriving = DetailPane.CustomDataChange(userId: userId, at: time, data: data)
        return [.reload]
    case .deviceLogin(let progress, _) where model.mode.kind != .loginForm:
        return DeviceLoginProgress.unheard(progress)
    default:
        return updateShownScreen(&model, action)
    }
}
