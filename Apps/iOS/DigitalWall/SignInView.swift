import ShareKit
import SwiftUI

/// Server address, user name and password; ShareKit's `SignInModel` trades them for a token and
/// keeps it in the Keychain group the share extension reads.
struct SignInView: View {
    @Bindable var model: SignInModel
    let onSignedIn: () -> Void

    var body: some View {
        NavigationStack {
            Form {
                if let reason = model.signedOutReason {
                    Section {
                        Label(reason, systemImage: "person.crop.circle.badge.exclamationmark")
                            .foregroundStyle(.orange)
                    }
                }
                Section {
                    TextField("wall.example.com", text: $model.server)
                        .keyboardType(.URL)
                        .textContentType(.URL)
                        .textInputAutocapitalization(.never)
                        .autocorrectionDisabled()
                } header: {
                    Text("Server")
                } footer: {
                    if let problem = model.serverProblem {
                        Text(problem).foregroundStyle(.red)
                    } else {
                        Text("The address of your Digital Wall server. https:// is assumed; plain http:// works only for a server on your local network.")
                    }
                }
                Section("Account") {
                    TextField("User name", text: $model.username)
                        .textContentType(.username)
                        .textInputAutocapitalization(.never)
                        .autocorrectionDisabled()
                    SecureField("Password", text: $model.password)
                        .textContentType(.password)
                        .onSubmit(signIn)
                }
                if let failure = model.failure {
                    Section { Text(failure).foregroundStyle(.red) }
                }
                Section {
                    Button(action: signIn) {
                        HStack {
                            Text("Sign In")
                            if model.isSigningIn { Spacer(); ProgressView() }
                        }
                    }
                    .disabled(!model.canSignIn)
                }
            }
            .navigationTitle("Digital Wall")
        }
    }

    private func signIn() {
        Task {
            if await model.signIn() { onSignedIn() }
        }
    }
}
