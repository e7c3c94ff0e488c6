import Foundation
import RosterCore
import RosterServer
import RosterServerCore
import RosterTUI
import RosterWire
import Testing

/// The log-in form offers the providers the server enables, including the app's function.
@Suite struct ProviderChoiceTests {
    @Test func theFormOffersWhatTheServerEnables() {
        var model = Sample.model()
        #expect(model.providerChoices == [.anonymous, .emailPassword, .apiKey, .customJWT])
        _ = update(&model, .providersLoaded([.emailPassword, .customFunction, .anonymous]))
        #expect(model.providerChoices == [.emailPassword, .customFunction, .anonymous])
        model.press(.char("n"), .backTab)
        #expect(model.form?.provider == .emailPassword)
        model.type(" ")
        #expect(model.form?.provider == .customFunction)
        #expect(model.form?.fields == [.provider, .payload])
        model.type(" ")
        #expect(model.form?.provider == .anonymous)
        model.type("4")
        #expect(model.form?.provider == .otherDevice, "the fourth choice: on another device")
        model.type("5")
        #expect(model.form?.provider == .otherDevice, "no fifth choice")
        model.type("2")
        #expect(model.form?.provider == .customFunction)
        #expect(model.screen.line(containing: "Space or 1-4 to change") != nil)
    }

    @Test func anOpenFormFollowsTheServersList() {
        var model = Sample.model()
        model.press(.char("n"), .backTab, .char("3"))
        #expect(model.form?.provider == .apiKey)
        _ = update(&model, .providersLoaded([.anonymous, .emailPassword]))
        #expect(model.form?.choices == [.anonymous, .emailPassword, .otherDevice])
        #expect(model.form?.provider == .anonymous)
        // An empty list keeps what the form had.
        _ = update(&model, .providersLoaded([]))
        #expect(model.providerChoices == [.anonymous, .emailPassword])
    }

    @Test func googleOffersAnIDTokenOrAnAuthCodeAndAppleAndFacebookTheirTokens() {
        var model = Sample.model()
        _ = update(&model, .providersLoaded([.google, .apple, .facebook]))
        #expect(model.providerChoices == [.google, .googleAuthCode, .apple, .facebook])
        model.press(.char("n"))
        #expect(model.form?.fields == [.provider, .token])
        #expect(model.screen.line(containing: "ID token") != nil)
        #expect(model.form?.focus == .token)
        #expect(model.press(.enter).isEmpty)
        #expect(model.screen.line(containing: "! paste the ID token") != nil)
        model.type("one.two")
        #expect(model.press(.enter).isEmpty)
        #expect(model.screen.line(containing: "! ID tokens have three dot-separated parts") != nil)
        model.type(".three")
        #expect(model.press(.enter) == [.loginForm(.login(LoginRequest(provider: .google, secret: "one.two.three")))])
        _ = update(&model, .operationFailed("refused", for: .loginForm(.login(LoginRequest(provider: .google, secret: "one.two.three")))))

        model.press(.backTab)
        model.type("2")
        #expect(model.form?.fields == [.provider, .authCode])
        model.press(.tab)
        model.type("4/0A bad")
        #expect(model.press(.enter).isEmpty)
        #expect(model.screen.line(containing: "! an auth code has no spaces") != nil)
        for _ in 0..<4 { model.press(.backspace) }
        let code = model.press(.enter)
        #expect(code == [.loginForm(.login(LoginRequest(provider: .googleAuthCode, secret: "4/0A")))])
        if case .loginForm(.login(let request)) = code.first, case .googleAuthCode(let sent) = request.credentials {
            #expect(sent == "4/0A")
        } else {
            Issue.record("not a Google auth code log-in")
        }
        _ = update(&model, .operationFailed("refused", for: code[0]))

        model.press(.backTab)
        model.type("3")
        #expect(model.form?.provider == .apple && model.form?.fields == [.provider, .token])
        model.type("4")
        #expect(model.form?.fields == [.provider, .accessToken])
        model.press(.tab)
        #expect(model.press(.enter).isEmpty)
        #expect(model.screen.line(containing: "! paste the access token") != nil)
        model.type("EAAB123")
        let facebook = model.press(.enter)
        if case .loginForm(.login(let request)) = facebook.first, case .facebook(let token) = request.credentials {
            #expect(token == "EAAB123")
        } else {
            Issue.record("not a Facebook log-in")
        }
        // The description never holds the token.
        #expect(!String(describing: facebook).contains("EAAB123"))
    }

    @Test func theFunctionPayloadMustBeAJSONObject() {
        var model = Sample.model()
        _ = update(&model, .providersLoaded([.customFunction]))
        model.press(.char("n"))
        #expect(model.form?.focus == .payload)
        #expect(model.press(.enter).isEmpty)
        #expect(model.screen.line(containing: "! type the JSON object for the function") != nil)
        model.type("[1, 2]")
        #expect(model.press(.enter).isEmpty)
        #expect(model.screen.line(containing: "! not a JSON object") != nil)
        for _ in 0..<6 { model.press(.backspace) }
        model.type(#" {"pin": "1234"} "#)
        let effects = model.press(.enter)
        #expect(effects == [.loginForm(.login(LoginRequest(provider: .customFunction, secret: #"{"pin": "1234"}"#)))])
        if case .loginForm(.login(let request)) = effects.first, case .function(let payload) = request.credentials {
            #expect(payload == ["pin": "1234"])
        } else {
            Issue.record("not a function log-in")
        }
    }

    @Test func theServerSaysWhichProvidersAndTheFunctionLogsInThroughTheForm() async throws {
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("roster-tui-auth-\(UUID().uuidString).sh")
        defer { try? FileManager.default.removeItem(at: script) }
        try Data("""
            #!/bin/sh
            case "$(cat)" in
              *'"pin":"1234"'*) printf '{"id": "kiosk-ada", "name": "Ada"}' ;;
              *) printf '{"error": "unknown PIN"}' ;;
            esac
            """.utf8).write(to: script)
        let demo = try await DemoServer.start { config in
            config.providers.customFunction = CustomFunctionConfig(function: FunctionConfig(command: ["/bin/sh", script.path]))
            config.providers.apiKey = nil
            config.providers.customToken = nil
        }
        defer { demo.remove() }
        #expect(try await demo.app.enabledProviders() == [.anonymous, .emailPassword, .customFunction])
        let switcher = try RunningSwitcher.start(demo)
        switcher.terminal.press(.char("n"), .backTab)
        // Three choices and "on another device", not the four assumed before the server answers.
        await switcher.waitFor("Space or 1-4 to change")
        switcher.terminal.press(.char("3"), .tab)
        switcher.terminal.type(#"{"pin": "0000"}"#)
        switcher.terminal.press(.enter)
        await switcher.waitForShown("error: unknown PIN")
        for _ in 0..<6 { switcher.terminal.press(.backspace) }
        switcher.terminal.type(#"1234"}"#)
        switcher.terminal.press(.enter)
        await switcher.waitForShown("Logged in Ada")
        await switcher.waitFor("> * Ada")
        await switcher.waitFor("provider  custom-function")
        _ = try await switcher.quit()
    }
}
